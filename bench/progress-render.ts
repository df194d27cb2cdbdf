// The progress page in headless Chromium. First, a warm report: a group of 1,000 members of the
// large seed, gathered once by the dashboard server, then opened again (the server answers from
// its cache): from the report's request to the first chart drawn. Then "Progress by member" with
// 1,000 members × 20 products (a synthetic report answered by Playwright's router, so the figure
// is the page's alone), scrolled through every member: frames over 50 ms, long tasks.
// Run: npx tsx bench/progress-render.ts  ->  bench/results/progress-render.json
import { chromium, type Page } from '@playwright/test';
import { existsSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { reportFigures } from '#domain/progress-figures.ts';
import type { ProgressReport, ReportTake } from '#schemas/progress-report.ts';
import { writeResult } from './results-file.ts';
import { openDatabase } from '../server/db/database.ts';
import { copyLargeDb, startBenchServer } from './support/bench-server.ts';
import { addMembersGroup } from './support/progress-group.ts';
import { median } from './support/stats.ts';
import { mainThreadCosts, parseTrace } from './support/trace-costs.ts';

const MEMBERS = 1000;
const PRODUCTS = 20;
const GROUP = 1;
const SCROLL_STEP_PX = 440; // ten rows
const SCROLL_STEP_MS = 100;
const SCROLL_PASSES = 3;
const SLOW_FRAME_MS = 50;
const WARM_RUNS = 5;
const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline'];
const WARM_GOAL_MS = 300;

interface Scroll {
  frames: number;
  slowFrames: number;
  longestFrame: number;
  longTasks: number;
  ms: number;
}

/** Scrolls "Progress by member" from where it is to its end, SCROLL_STEP_PX every SCROLL_STEP_MS, timing every frame. */
async function scrollThrough(page: Page): Promise<Scroll> {
  // Passed as source text: tsx would wrap named functions in a helper the page does not have.
  return (await page.evaluate(`new Promise((resolve) => {
      const el = document.querySelector('[data-testid="member-scroller"]');
      // The table in view, as someone scrolling it sees it: its rows are painted.
      el.scrollIntoView({ block: 'end' });
      let longTasks = 0;
      const observer = new PerformanceObserver((list) => { longTasks += list.getEntries().length; });
      observer.observe({ type: 'longtask' });
      const deltas = [];
      let last = performance.now();
      let running = true;
      function frame(now) {
        deltas.push(now - last);
        last = now;
        if (running) requestAnimationFrame(frame);
      }
      requestAnimationFrame(frame);
      const started = performance.now();
      const timer = setInterval(() => {
        el.scrollTop += ${SCROLL_STEP_PX};
        if (el.scrollTop + el.clientHeight >= el.scrollHeight - 1) {
          clearInterval(timer);
          setTimeout(() => {
            running = false;
            observer.disconnect();
            resolve({
              frames: deltas.length,
              slowFrames: deltas.filter((d) => d > ${SLOW_FRAME_MS}).length,
              longestFrame: Math.max(...deltas),
              longTasks,
              ms: performance.now() - started,
            });
          }, 1000);
        }
      }, ${SCROLL_STEP_MS});
    })`)) as Scroll;
}

interface WarmRun {
  /** The report's POST: from its start to the end of its answer. */
  answerMs: number;
  /** From the POST's start to the first chart drawn (the frame after its SVG is in the page). */
  requestToChartMs: number;
  /** From the navigation's start to the first chart drawn. */
  navigationToChartMs: number;
  /** The POST answered 200 (ready, from the cache), not 202 (gathering). */
  fromCache: boolean;
}

/** Runs in the page from its first byte: notes the frame in which the first chart is drawn. */
const firstChartProbe = `(() => {
  const observer = new MutationObserver(() => {
    if (!document.querySelector('svg[role="img"]')) return;
    observer.disconnect();
    requestAnimationFrame(() => { window.__firstChart = performance.now(); });
  });
  observer.observe(document, { childList: true, subtree: true });
})()`;

/** Opens the report of `grpId` (the server's cache warm, the browser's cache of the build too). */
async function warmRun(page: Page, url: string, grpId: number): Promise<WarmRun> {
  await page.goto('about:blank');
  const answer = page.waitForResponse(
    (r) => r.url().includes(`/dashboard-api/groups/${grpId}/progress`) && r.request().method() === 'POST',
  );
  await page.goto(`${url}/groups/${grpId}/progress`);
  const fromCache = (await answer).status() === 200;
  // A function, not source text: the page's CSP refuses the eval a string would need.
  await page.waitForFunction(() => Reflect.get(window, '__firstChart') !== undefined, undefined, { timeout: 60_000 });
  const timing = (await page.evaluate(`(() => {
    const post = performance.getEntriesByType('resource').find((e) => e.name.includes('/dashboard-api/groups/${grpId}/progress'));
    return { start: post.startTime, end: post.responseEnd, chart: window.__firstChart };
  })()`)) as { start: number; end: number; chart: number };
  return {
    answerMs: timing.end - timing.start,
    requestToChartMs: timing.chart - timing.start,
    navigationToChartMs: timing.chart,
    fromCache,
  };
}

/** Deterministic states: most members have most products, in every state. */
function report(): ProgressReport {
  const takes: ReportTake[] = [];
  let takeId = 1;
  for (let user = 1; user <= MEMBERS; user++) {
    for (let product = 1; product <= PRODUCTS; product++) {
      const kind = (user * 7 + product * 13) % 10;
      if (kind === 0) continue;
      const month = String(1 + ((user + product) % 12)).padStart(2, '0');
      const completed = kind >= 4 ? `2026-${month}-15T10:00:00Z` : null;
      takes.push({
        take_id: takeId++,
        user_id: user,
        product_id: product,
        score: completed ? 40 + ((user * product) % 61) : null,
        started: kind >= 2 ? `2026-${month}-01T08:00:00Z` : null,
        completed,
      });
    }
  }
  const now = new Date().toISOString();
  const data = {
    group: { grp_id: GROUP, grp_name: 'bench', grp_parent_id: null },
    groups: [{ grp_id: GROUP, grp_name: 'bench', grp_parent_id: null }],
    members: Array.from({ length: MEMBERS }, (_, i) => ({
      user_id: i + 1,
      grp_ids: [GROUP],
      firstname: `First${i + 1}`,
      lastname: `Last${i + 1}`,
      user_organisation_identifier: `E-${i + 1}`,
      email: `person${i + 1}@example.org`,
    })),
    products: Array.from({ length: PRODUCTS }, (_, i) => ({
      product_id: i + 1,
      title: `Training course number ${i + 1}`,
      type: i % 2 ? 'elearning' : 'event',
      status: 'published',
      min_score: i % 2 ? 60 : null,
    })),
    takes,
  };
  // The report before, a month ago, for the page's "Since …": 50 members fewer, a tenth of
  // today's completions still to come.
  const figures = reportFigures(data);
  const previous = {
    reported_at: new Date(Date.now() - 30 * 86_400_000).toISOString(),
    members: figures.members.slice(0, -50),
    completed: figures.completed.filter((_, i) => i % 10 !== 0),
    open: figures.open,
  };
  return {
    grp_id: GROUP,
    include_subgroups: false,
    state: 'ready',
    started_at: now,
    finished_at: now,
    data_gathered_at: now,
    from_cache: true,
    progress: {
      requests_done: 0,
      requests_total: 0,
      users_done: MEMBERS,
      users_total: MEMBERS,
      products_done: PRODUCTS,
      products_total: PRODUCTS,
      estimate_seconds: null,
    },
    failure: null,
    data,
    previous,
  };
}

async function main() {
  const file = copyLargeDb('progress-render');
  const db = openDatabase(file);
  const warmGroup = addMembersGroup(db, MEMBERS);
  db.close();
  const server = await startBenchServer({ db: file, env: { DIST_DIR: join(tmpdir(), 'progress-bench-dist') } });
  const browser = await chromium.launch({
    executablePath: existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${server.url}/login`);
    await page.getByRole('textbox', { name: 'API token' }).fill(server.token);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));

    // The warm report: gathered once (cold), then opened again WARM_RUNS times.
    await page.addInitScript({ content: firstChartProbe });
    await page.goto(`${server.url}/groups/${warmGroup}/progress`);
    await page.getByRole('img', { name: 'Completion by product' }).waitFor({ timeout: 120_000 });
    const warm: WarmRun[] = [];
    for (let i = 0; i < WARM_RUNS; i++) warm.push(await warmRun(page, server.url, warmGroup));
    const warmLoad = loadavg()[0] ?? 0;
    const warmMedian = (key: 'answerMs' | 'requestToChartMs' | 'navigationToChartMs') =>
      Math.round(median(warm.map((run) => run[key])));

    const body = JSON.stringify({ status: true, result: report() });
    await page.route(`**/dashboard-api/groups/${GROUP}/progress**`, (route) =>
      route.fulfill({ contentType: 'application/json', body }),
    );

    const started = Date.now();
    await page.goto(`${server.url}/groups/${GROUP}/progress`);
    const table = page.getByRole('table', { name: 'Progress by member' });
    await table.locator('tbody tr[aria-rowindex]').first().waitFor({ timeout: 60_000 });
    const readyMs = Date.now() - started;
    await page.getByRole('img', { name: 'Completion by product' }).waitFor({ timeout: 60_000 });
    const chartMs = Date.now() - started;
    await page.waitForTimeout(1000);
    const rowsInDom = await table.locator('tbody tr[aria-rowindex]').count();
    const loadAverage = loadavg()[0] ?? 0;
    // Main-thread time of the page itself, whatever else the machine runs.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const cpu = async () => {
      const { metrics } = await cdp.send('Performance.getMetrics');
      const value = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
      return { script: value('ScriptDuration'), task: value('TaskDuration'), layout: value('LayoutDuration') };
    };
    const cpuBefore = await cpu();

    // SCROLL_PASSES passes from the top: the machine's load comes and goes, a single pass is luck.
    const passes: Scroll[] = [];
    for (let pass = 0; pass < SCROLL_PASSES; pass++) {
      if (pass > 0) {
        await page.evaluate(`document.querySelector('[data-testid="member-scroller"]').scrollTop = 0`);
        await page.waitForTimeout(500);
      }
      passes.push(await scrollThrough(page));
    }
    const cpuAfter = await cpu();
    /** The pass with the median count of slow frames. */
    const scroll = [...passes].sort((a, b) => a.slowFrames - b.slowFrames)[Math.floor(SCROLL_PASSES / 2)] ?? passes[0]!;
    await cdp.detach();
    const steps = Math.ceil((MEMBERS * 44) / SCROLL_STEP_PX);
    const perStep = (key: 'task' | 'script' | 'layout') =>
      ((cpuAfter[key] - cpuBefore[key]) * 1000) / (steps * SCROLL_PASSES);
    // One more pass, traced: the CPU time of the page's main thread, which other
    // processes on the machine do not stretch (the frames above are wall time).
    await page.evaluate(`document.querySelector('[data-testid="member-scroller"]').scrollTop = 0`);
    await page.waitForTimeout(500);
    await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    await scrollThrough(page);
    const traced = mainThreadCosts(parseTrace((await browser.stopTracing()).toString('utf8')), server.url);
    const cpuPerStep = (ms: number) => (ms / steps).toFixed(1);

    writeResult('progress-render', {
      title:
        'Progress page: warm report to first chart, and "Progress by member", 1,000 members × 20 products (headless Chromium)',
      rows: [
        {
          metric: `Warm report of ${MEMBERS} members: from its request to the first chart drawn (median of ${WARM_RUNS})`,
          value: warmMedian('requestToChartMs'),
          unit: 'ms',
          goal: `< ${WARM_GOAL_MS} ms`,
          pass: warm.every((run) => run.fromCache) && warmMedian('requestToChartMs') < WARM_GOAL_MS,
        },
        {
          metric: "of which the answer from the server's cache (request start to response end)",
          value: warmMedian('answerMs'),
          unit: 'ms',
        },
        {
          metric: 'Warm report: navigation to the first chart drawn (median)',
          value: warmMedian('navigationToChartMs'),
          unit: 'ms',
        },
        { metric: 'Navigation until the first member row is in the DOM', value: readyMs, unit: 'ms' },
        { metric: 'Navigation until the chart "Completion by product" is drawn', value: chartMs, unit: 'ms' },
        { metric: 'Member rows in the DOM (virtualised)', value: rowsInDom, unit: `of ${MEMBERS}` },
        {
          metric: `Scroll through ${MEMBERS} members (${SCROLL_STEP_PX} px every ${SCROLL_STEP_MS} ms)`,
          value: Math.round(scroll.ms),
          unit: 'ms',
        },
        {
          metric: `Frames over ${SLOW_FRAME_MS} ms during the scroll (the median of ${SCROLL_PASSES} passes)`,
          value: scroll.slowFrames,
          unit: `of ${scroll.frames} frames`,
          goal: '0',
          pass: scroll.slowFrames === 0,
        },
        { metric: 'Longest frame (that pass)', value: Math.round(scroll.longestFrame), unit: 'ms' },
        { metric: 'Long tasks (> 50 ms) during the scroll (that pass)', value: scroll.longTasks, unit: 'tasks' },
        {
          metric: 'Main-thread CPU time per scroll step, one more pass traced (script / style / layout)',
          value: `${cpuPerStep(traced.scriptMs)} / ${cpuPerStep(traced.styleMs)} / ${cpuPerStep(traced.layoutMs)}`,
          unit: 'ms',
        },
        {
          metric: `Main-thread time per scroll step of ten rows (tasks / of which script / layout)`,
          value: `${perStep('task').toFixed(1)} / ${perStep('script').toFixed(1)} / ${perStep('layout').toFixed(1)}`,
          unit: 'ms',
          goal: `< ${SLOW_FRAME_MS} ms`,
          pass: perStep('task') < SLOW_FRAME_MS,
        },
      ],
      notes: [
        `Warm report: the large seed (private copy) with a group of its first ${MEMBERS} users (their seeded takes), served by npm start's server; the report is gathered once, then the page is opened ${WARM_RUNS} times more (a new navigation each time, the browser's cache holding the build): the POST answered ${warm.every((run) => run.fromCache) ? "ready from the server's cache every time (200)" : 'at least once with 202 (still gathering): not a warm answer'}. The first chart is drawn in the animation frame after the first SVG with role img enters the page ("Completion by product"); times from the page's performance clock: the POST's start (Resource Timing) to that frame, and the navigation's start to that frame. Runs (request to chart, ms): ${warm.map((run) => Math.round(run.requestToChartMs)).join(', ')}. 1-minute load average ${warmLoad.toFixed(1)} after them.`,
        "Before the changes of this section (same benchmark on the code of 2026-11-24 04:50 UTC, load average 8.6-8.9): warm report from its request to the first chart 2060 ms (median; the charts' code was asked for only once the report had rendered, a 750-product chart and table, and the aggregation took ~250 ms); scroll 6 of 602 frames over 50 ms, longest 83 ms, 35.2 / 6.5 / 7.3 ms per step (every product column rendered, automatic table layout).",
        `Scroll: npm start's server (large seed) serves the page; the report (${MEMBERS} members, ${PRODUCTS} products, 18,000 takes in every state) is answered by Playwright's router, so what is measured is the page: aggregation, tables and charts. Viewport 1280×900, the table's scroller scrolled into view first, then scrolled by script; no CPU slowdown (--disable-gpu: painting in software). 1-minute load average ${loadAverage.toFixed(1)} when the scroll started (a shared 2-core machine). Every pass (frames over ${SLOW_FRAME_MS} ms / frames, longest): ${passes.map((p) => `${p.slowFrames}/${p.frames}, ${Math.round(p.longestFrame)} ms`).join('; ')}.`,
      ],
    });
    console.log({
      traced,
      warm,
      readyMs,
      chartMs,
      rowsInDom,
      ...scroll,
      perStep: perStep('task'),
      script: perStep('script'),
    });
  } finally {
    await browser.close();
    await server.stop();
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
  }
}

await main();
