// Layout, style and scripting time of a page load from a Chromium trace (devtools.timeline
// categories), as CPU time of the page renderer's main thread (the events' `tdur`). CPU time
// rather than wall time: on a shared machine a thread waiting for a core stretches wall time,
// not CPU time, so the figures of two runs stay comparable. Chromium's CPU slowdown still shows
// in it. Only the renderer that committed the page counts: the browser's own WebUI renderers
// (the omnibox popup, some runs) trace into the same file.
import * as z from 'zod/mini';

const traceEventSchema = z.object({
  name: z.string(),
  ph: z.string(),
  pid: z.number(),
  tid: z.number(),
  ts: z.number(),
  dur: z.optional(z.number()),
  tdur: z.optional(z.number()),
  args: z.optional(z.object({ name: z.optional(z.string()), data: z.optional(z.unknown()) })),
});
const frameCommitSchema = z.object({
  processId: z.number(),
  url: z.string(),
  isOutermostMainFrame: z.optional(z.boolean()),
});
export type TraceEvent = z.infer<typeof traceEventSchema>;

const traceSchema = z.union([z.object({ traceEvents: z.array(z.unknown()) }), z.array(z.unknown())]);

/** The events of a trace file; events of other shapes (none of those read here) are left out. */
export function parseTrace(json: string): TraceEvent[] {
  const trace = traceSchema.parse(JSON.parse(json));
  const events: TraceEvent[] = [];
  for (const raw of Array.isArray(trace) ? trace : trace.traceEvents) {
    const event = traceEventSchema.safeParse(raw);
    if (event.success) events.push(event.data);
  }
  return events;
}

/** Events that run page script: DevTools counts them (less the layout they force) as scripting. */
const scriptEvents = new Set([
  'EvaluateScript',
  'v8.evaluateModule',
  'v8.compile',
  'v8.compileModule',
  'FunctionCall',
  'TimerFire',
  'RunMicrotasks',
  'EventDispatch',
  'FireAnimationFrame',
  'FireIdleCallback',
  'XHRReadyStateChange',
  'XHRLoad',
]);
const layoutEvent = 'Layout';
const styleEvent = 'UpdateLayoutTree';

export interface MainThreadCosts {
  layoutMs: number;
  styleMs: number;
  scriptMs: number;
}

const tracingStartedSchema = z.object({ frames: z.array(frameCommitSchema) });

/**
 * The renderer processes in which an outermost main frame committed a page of `origin`, or
 * showed one when the trace started (a trace begun on a page already loaded, e.g. to time a scroll).
 */
function pageProcesses(events: readonly TraceEvent[], origin: string): Set<number> {
  const pids = new Set<number>();
  const add = (frame: z.infer<typeof frameCommitSchema>) => {
    if (frame.isOutermostMainFrame !== false && frame.url.startsWith(origin)) pids.add(frame.processId);
  };
  for (const e of events) {
    if (e.name === 'FrameCommittedInBrowser') {
      const frame = frameCommitSchema.safeParse(e.args?.data);
      if (frame.success) add(frame.data);
    } else if (e.name === 'TracingStartedInBrowser') {
      const started = tracingStartedSchema.safeParse(e.args?.data);
      if (started.success) started.data.frames.forEach(add);
    }
  }
  return pids;
}

/**
 * Sums, over the main thread of every renderer that showed a page of `origin`, the CPU time of
 * Layout and UpdateLayoutTree events, and of the outermost script events less the layout and
 * style work nested in them (forced synchronously by the script).
 */
export function mainThreadCosts(events: readonly TraceEvent[], origin: string): MainThreadCosts {
  const pids = pageProcesses(events, origin);
  const mainThreads = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && pids.has(e.pid))
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const byThread = new Map<string, TraceEvent[]>();
  for (const e of events) {
    const thread = `${e.pid}:${e.tid}`;
    if (e.ph !== 'X' || e.dur === undefined || !mainThreads.has(thread)) continue;
    const list = byThread.get(thread);
    if (list) list.push(e);
    else byThread.set(thread, [e]);
  }
  let layout = 0;
  let style = 0;
  let script = 0;
  for (const list of byThread.values()) {
    // Parents before children: by start, the longer first.
    list.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
    const open: { end: number; script: boolean }[] = [];
    for (const e of list) {
      while (open.length > 0 && (open.at(-1)?.end ?? 0) <= e.ts) open.pop();
      const insideScript = open.some((o) => o.script);
      const cpu = e.tdur ?? 0;
      if (scriptEvents.has(e.name) && !insideScript) script += cpu;
      if (e.name === layoutEvent || e.name === styleEvent) {
        if (e.name === layoutEvent) layout += cpu;
        else style += cpu;
        if (insideScript) script -= cpu;
      }
      open.push({ end: e.ts + (e.dur ?? 0), script: scriptEvents.has(e.name) || insideScript });
    }
  }
  return { layoutMs: layout / 1000, styleMs: style / 1000, scriptMs: script / 1000 };
}
