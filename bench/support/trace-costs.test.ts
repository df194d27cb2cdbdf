import { describe, expect, it } from 'vitest';
import { mainThreadCosts, parseTrace, type TraceEvent } from './trace-costs.ts';

const origin = 'http://127.0.0.1:4000';
const thread = (pid: number, name: string): TraceEvent => ({
  name: 'thread_name',
  ph: 'M',
  pid,
  tid: pid,
  ts: 0,
  args: { name },
});
const x = (name: string, ts: number, dur: number, tdur: number, pid = 10): TraceEvent => ({
  name,
  ph: 'X',
  pid,
  tid: pid,
  ts,
  dur,
  tdur,
});
const committed = (pid: number, url: string): TraceEvent => ({
  name: 'FrameCommittedInBrowser',
  ph: 'I',
  pid: 1,
  tid: 1,
  ts: 0,
  args: { data: { processId: pid, url, isOutermostMainFrame: true } },
});

describe('mainThreadCosts', () => {
  it('sums layout, style and script CPU time of the renderer main thread, in ms', () => {
    const events = [
      committed(10, `${origin}/groups`),
      thread(10, 'CrRendererMain'),
      thread(11, 'Compositor'),
      committed(11, `${origin}/groups`),
      x('RunTask', 0, 10_000, 9_000),
      x('EvaluateScript', 100, 5_000, 4_000),
      // Nested script events count once, with their outermost parent.
      x('FunctionCall', 200, 2_000, 1_500),
      // Layout forced by the script: layout, not scripting.
      x('Layout', 3_000, 1_000, 800),
      x('UpdateLayoutTree', 6_000, 500, 300),
      x('Layout', 7_000, 2_000, 1_200),
      // Another thread's work is not the page's main thread.
      x('Layout', 0, 5_000, 5_000, 11),
    ];
    const costs = mainThreadCosts(events, origin);
    expect(costs.layoutMs).toBeCloseTo(2.0);
    expect(costs.styleMs).toBeCloseTo(0.3);
    expect(costs.scriptMs).toBeCloseTo(3.2);
  });

  it("adds the main threads of every renderer that showed the page, and of no other (the browser's own pages)", () => {
    const events = [
      committed(10, `${origin}/`),
      committed(20, `${origin}/groups`),
      committed(30, 'chrome://omnibox-popup.top-chrome/'),
      thread(10, 'CrRendererMain'),
      thread(20, 'CrRendererMain'),
      thread(30, 'CrRendererMain'),
      x('Layout', 0, 100, 100, 10),
      x('Layout', 0, 100, 50, 20),
      x('Layout', 0, 100, 5_000, 30),
    ];
    expect(mainThreadCosts(events, origin).layoutMs).toBeCloseTo(0.15);
    expect(mainThreadCosts(events, 'http://elsewhere').layoutMs).toBe(0);
  });
});

describe('parseTrace', () => {
  it('finds the page in a trace started after it loaded (its frames at the start of tracing)', () => {
    const events: TraceEvent[] = [
      {
        name: 'TracingStartedInBrowser',
        ph: 'I',
        pid: 1,
        tid: 1,
        ts: 0,
        args: { data: { frames: [{ processId: 10, url: `${origin}/groups/1/progress`, isOutermostMainFrame: true }] } },
      },
      thread(10, 'CrRendererMain'),
      thread(12, 'CrRendererMain'),
      x('Layout', 0, 3_000, 2_000),
      x('Layout', 0, 5_000, 5_000, 12),
    ];
    expect(mainThreadCosts(events, origin)).toEqual({ layoutMs: 2, styleMs: 0, scriptMs: 0 });
  });

  it('reads both trace formats and refuses what is not a trace', () => {
    const event = x('Layout', 0, 1, 1);
    expect(parseTrace(JSON.stringify({ traceEvents: [event] }))).toEqual([event]);
    expect(parseTrace(JSON.stringify([event]))).toEqual([event]);
    expect(() => parseTrace('{"events": 1}')).toThrow();
  });
});
