// The groups table at 50 rows against its peers (issue "Rows on screen at the speed of a
// hand-written page"): `npm start`'s dashboard, react-admin (bench/peers/react-admin) and a
// hand-written React + TanStack Query/Table page (bench/peers/hand-written), and the dashboard's
// same build from a minimal static server (support/static-server.ts), loaded alternately
// from cold browser contexts at CPU ×1 and ×4, their /api/ answered from the same recorded
// fixture. Per load: the 50th row visible, the time from the data's answer to it, the DOM nodes
// and the requests. Ratios are paired (the dashboard's load over the peer's of the same round).
// Run: npm run bench:peers (installs bench/peers/react-admin first) -> bench/results/peers.json
// BENCH_RUNS (default 9) trades runtime for steadiness.
import { chromium, type Page } from '@playwright/test';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cpus, loadavg } from 'node:os';
import { gzipSync } from 'node:zlib';
import { writeResult, type ResultRow } from './results-file.ts';
import { BOTH_APIS, recordAnswers, type Fixtures } from './support/api-fixtures.ts';
import { ensureLargeDb, startBenchServer } from './support/bench-server.ts';
import { SIGNED_IN_HINT } from '../server/web/route-preloads.ts';
import { coldContext, fetchesOf, open, VIEWPORT } from './support/cold-load.ts';
import type { ReadySpec } from './support/page-ready.ts';
import { peerRoot, startPeerPage } from './support/peer-page.ts';
import { startStaticServer } from './support/static-server.ts';
import { median, shown } from './support/stats.ts';
import type { Fetch } from './support/waterfall.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const CPU_RATES = [1, 4] as const;
const TABLE_PATH = '/groups?view=table&size=50';
const GOALS = { reactAdmin: 0.5, handWritten: 1.2, staticServer: 1.05, scripts: 6, scriptKb: 130 };
const DATA_REQUEST = '/api/grp/get_all';

interface Target {
  name: 'dashboard' | 'static server' | 'react-admin' | 'hand-written';
  origin: string;
  url: string;
  ready: ReadySpec;
}

interface Load {
  readyAt: number;
  dataToRows: number;
  nodes: number;
  fetches: Fetch[];
}

const reactAdminVersion = (): string =>
  JSON.parse(readFileSync(join(peerRoot('react-admin'), 'node_modules', 'react-admin', 'package.json'), 'utf8'))
    .version;

const loadLabel = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(', ');

async function documentNodes(page: Page): Promise<number> {
  return page.evaluate(() => {
    let nodes = 0;
    const walker = document.createTreeWalker(document, NodeFilter.SHOW_ALL);
    for (let node: Node | null = walker.currentNode; node; node = walker.nextNode()) nodes++;
    return nodes;
  });
}

/** The gzip size (level 9) of the scripts a load fetched before its rows showed, fetched again uncompressed. */
async function scriptGzipKb(origin: string, load: Load): Promise<number> {
  const scripts = load.fetches.filter((x) => x.kind === 'script' && x.end <= load.readyAt);
  const sizes = await Promise.all(
    scripts.map(
      async (x) => gzipSync(Buffer.from(await (await fetch(`${origin}${x.path}`)).arrayBuffer()), { level: 9 }).length,
    ),
  );
  return sizes.reduce((sum, size) => sum + size, 0) / 1024;
}

async function main(): Promise<void> {
  const started = performance.now();
  const loadBefore = loadLabel();
  ensureLargeDb();
  const server = await startBenchServer({ ownBuild: 'peers', env: { LOG_REQUESTS: '0' } });
  const [handWritten, reactAdmin] = await Promise.all([startPeerPage('hand-written'), startPeerPage('react-admin')]);
  // The page's HTML as npm start sends it to a browser that has signed in.
  const pageHtml = await (
    await fetch(`${server.url}${TABLE_PATH}`, { headers: { Cookie: `${SIGNED_IN_HINT}=1` } })
  ).text();
  const staticServer = await startStaticServer(server.distDir ?? '', pageHtml);
  const executablePath = existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
  const browser = await chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const targets: Target[] = [
      {
        name: 'dashboard',
        origin: server.url,
        url: `${server.url}${TABLE_PATH}`,
        ready: { tables: [{ caption: 'All groups', rows: 50 }] },
      },
      {
        name: 'static server',
        origin: staticServer.url,
        url: `${staticServer.url}${TABLE_PATH}`,
        ready: { tables: [{ caption: 'All groups', rows: 50 }] },
      },
      {
        name: 'react-admin',
        origin: reactAdmin.url,
        url: `${reactAdmin.url}/#/groups`,
        ready: { heading: false, tables: [{ rows: 50 }] },
      },
      {
        name: 'hand-written',
        origin: handWritten.url,
        url: `${handWritten.url}/`,
        ready: { tables: [{ caption: 'All groups', rows: 50 }] },
      },
    ];
    // The dashboard's real answers, once; the peers send the same request for the same 50 groups.
    const fixtures: Fixtures = new Map();
    const dashboard = targets[0] as Target;
    {
      const { context, readyAt } = await coldContext(browser, server.url, server.token, dashboard.ready, null);
      const page = await context.newPage();
      // The dashboard server's answers too: the static server has none of its own to give.
      await recordAnswers(
        page,
        fixtures,
        async () => {
          await page.goto(dashboard.url, { waitUntil: 'commit' });
          await readyAt;
        },
        BOTH_APIS,
      );
      await context.close();
    }

    const loads = new Map<string, Load[]>();
    const unmatched: string[] = [];
    for (let run = 0; run < RUNS; run++) {
      for (const rate of CPU_RATES) {
        for (let k = 0; k < targets.length; k++) {
          const target = targets[(k + run) % targets.length] as Target;
          const { context, readyAt } = await coldContext(browser, target.origin, server.token, target.ready, {
            fixtures,
            latencyMs: 0,
            unmatched,
            prefixes: BOTH_APIS,
          });
          const opened = await open(context, target.url, rate, readyAt);
          const fetches = await fetchesOf(opened.page);
          const nodes = await documentNodes(opened.page);
          await context.close();
          const data = fetches.find((x) => x.kind === 'api' && x.path.startsWith(DATA_REQUEST));
          const load = { readyAt: opened.readyAt, dataToRows: opened.readyAt - (data?.end ?? NaN), nodes, fetches };
          loads.set(`${target.name} ${rate}`, [...(loads.get(`${target.name} ${rate}`) ?? []), load]);
          console.log(
            `run ${run + 1}, CPU ${rate}×, ${target.name}: 50th row at ${Math.round(load.readyAt)} ms, data→rows ${Math.round(load.dataToRows)} ms, ${nodes} nodes`,
          );
        }
      }
    }
    if (unmatched.length > 0)
      throw new Error(`Requests without a recorded answer: ${[...new Set(unmatched)].join('; ')}`);

    const rows: ResultRow[] = [];
    const notes: string[] = [];
    const of = (name: Target['name'], rate: number) => loads.get(`${name} ${rate}`) ?? [];
    for (const rate of CPU_RATES) {
      const app = of('dashboard', rate);
      for (const [peer, goal] of [
        ['react-admin', GOALS.reactAdmin],
        ['hand-written', GOALS.handWritten],
        ['static server', GOALS.staticServer],
      ] as const) {
        const other = of(peer, rate);
        const ratio = median(app.map((load, i) => load.readyAt / (other[i]?.readyAt ?? NaN)));
        rows.push({
          metric: `CPU ${rate}×: 50th row visible, dashboard / ${peer} (median of paired ratios)`,
          value: shown(ratio, goal),
          unit: `× (medians ${Math.round(median(app.map((l) => l.readyAt)))} / ${Math.round(median(other.map((l) => l.readyAt)))} ms)`,
          goal: `≤ ${goal}`,
          pass: ratio <= goal,
        });
      }
      const ra = of('react-admin', rate);
      const appData = median(app.map((l) => l.dataToRows));
      const raData = median(ra.map((l) => l.dataToRows));
      rows.push({
        metric: `CPU ${rate}×: from the data's answer to the 50th row, dashboard (react-admin; hand-written)`,
        value: Math.round(appData),
        unit: `ms (${Math.round(raData)}; ${Math.round(median(of('hand-written', rate).map((l) => l.dataToRows)))})`,
        goal: "≤ react-admin's",
        pass: appData <= raData,
      });
    }
    const nodesOf = (name: Target['name']) => median(CPU_RATES.flatMap((rate) => of(name, rate).map((l) => l.nodes)));
    rows.push({
      metric: 'DOM nodes of the whole page at the 50th row, dashboard (react-admin; hand-written)',
      value: nodesOf('dashboard'),
      unit: `nodes (${nodesOf('react-admin')}; ${nodesOf('hand-written')})`,
      goal: "≤ react-admin's",
      pass: nodesOf('dashboard') <= nodesOf('react-admin'),
    });
    const appRuns = of('dashboard', 1);
    const medianRun = [...appRuns].sort((a, b) => a.readyAt - b.readyAt)[Math.floor(appRuns.length / 2)] as Load;
    const scripts = medianRun.fetches.filter((x) => x.kind === 'script' && x.end <= medianRun.readyAt);
    const kb = await scriptGzipKb(server.url, medianRun);
    rows.push({
      metric: "The dashboard's table route: script requests before the 50th row",
      value: scripts.length,
      unit: 'requests',
      goal: `≤ ${GOALS.scripts}`,
      pass: scripts.length <= GOALS.scripts,
    });
    rows.push({
      metric: "The dashboard's table route: those scripts' size, gzip -9",
      value: Math.round(kb * 10) / 10,
      unit: 'KB',
      goal: `≤ ${GOALS.scriptKb}`,
      pass: kb <= GOALS.scriptKb,
    });
    for (const target of targets) {
      const runs = of(target.name, 1);
      const mid = [...runs].sort((a, b) => a.readyAt - b.readyAt)[Math.floor(runs.length / 2)] as Load;
      const shownFetches = mid.fetches.filter((x) => x.end <= mid.readyAt).sort((a, b) => a.start - b.start);
      notes.push(
        `Waterfall of ${target.name}, CPU 1× (its median run, 50th row at ${Math.round(mid.readyAt)} ms; requests finished by then, start–end in ms from the navigation start): ` +
          shownFetches
            .map(
              (x) => `${x.kind} \`${x.path.replace(/^\/assets\//, '')}\` ${Math.round(x.start)}–${Math.round(x.end)}`,
            )
            .join('; ') +
          '.',
      );
    }
    const minutes = ((performance.now() - started) / 60_000).toFixed(1);
    notes.unshift(
      `Method: headless Chromium (${executablePath ?? "Playwright's"}), viewport ${VIEWPORT.width}×${VIEWPORT.height}. The dashboard is \`npm start\`'s server (large seed) at \`${TABLE_PATH}\`; react-admin ${reactAdminVersion()} (bench/peers/react-admin: <Admin> with its layout, a <List> of 50 a page with a search filter and its pager, a <Datagrid> of the same six columns) and the hand-written page (bench/peers/hand-written: React, TanStack Query and Table, no router, no shell) are built with Vite's JS API and served by vite preview. The static server (bench/support/static-server.ts) serves the dashboard's very build, each file's brotli copy with its type and no other header, and the HTML npm start sent for the page. Every /api/ and /dashboard-api/ request of the four is answered by Playwright's router at 0 ms from the dashboard's answers recorded once at the start. Each load is a new browser context (empty cache) with the token in localStorage and the signed-in hint cookie (the state of a browser that has signed in before). ${RUNS} rounds; each round loads the four at CPU ×1 then ×4 (CDP Emulation.setCPUThrottlingRate), their order rotated by one each round. "50th row visible": bench/support/page-ready.ts, performance.now() in the animation frame after the table holds 50 data rows. "From the data's answer": that time less the responseEnd of \`${DATA_REQUEST}\`. DOM nodes: every node type of the document (TreeWalker) at that moment.`,
      `The machine (${cpus().length} cores) is shared with other sessions; the alternation spreads its load over the three alike. Load average (1, 5, 15 min) before: ${loadBefore}; after: ${loadLabel()}. Runtime ${minutes} min.`,
    );
    writeResult('peers', {
      title: 'The groups table against react-admin and a hand-written page (headless Chromium)',
      rows,
      notes,
    });
    for (const row of rows)
      console.log(
        `${row.metric}: ${row.value} ${row.unit}${row.goal ? ` (goal ${row.goal}: ${row.pass ? 'met' : 'MISSED'})` : ''}`,
      );
    console.log('bench/results/peers.json written');
  } finally {
    await browser.close();
    await Promise.all([handWritten.close(), reactAdmin.close(), staticServer.close()]);
    await server.stop();
  }
}

await main();
