import { describe, expect, it } from 'vitest';
import { mainThreadCosts, parseTrace, type TraceEvent } from './trace-costs.ts';

const thread = (tid: number, name: string): TraceEvent => ({ name: 'thread_name', ph: 'M', pid: 1, tid, ts: 0, args: { name } });
const x = (name: string, ts: number, dur: number, tdur: number, tid = 10): TraceEvent => ({ name, ph: 'X', pid: 1, tid, ts, dur, tdur });

describe('mainThreadCosts', () => {
  it('sums layout, style and script CPU time of the renderer main thread, in ms', () => {
    const events = [
      thread(10, 'CrRendererMain'),
      thread(11, 'Compositor'),
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
    const costs = mainThreadCosts(events);
    expect(costs.layoutMs).toBeCloseTo(2.0);
    expect(costs.styleMs).toBeCloseTo(0.3);
    expect(costs.scriptMs).toBeCloseTo(3.2);
  });

  it('adds the main threads of every renderer (the page may change process when it navigates)', () => {
    const events = [thread(10, 'CrRendererMain'), thread(20, 'CrRendererMain'), x('Layout', 0, 100, 100, 10), x('Layout', 0, 100, 50, 20)];
    expect(mainThreadCosts(events).layoutMs).toBeCloseTo(0.15);
  });
});

describe('parseTrace', () => {
  it('reads both trace formats and refuses what is not a trace', () => {
    const event = x('Layout', 0, 1, 1);
    expect(parseTrace(JSON.stringify({ traceEvents: [event] }))).toEqual([event]);
    expect(parseTrace(JSON.stringify([event]))).toEqual([event]);
    expect(() => parseTrace('{"events": 1}')).toThrow();
  });
});
