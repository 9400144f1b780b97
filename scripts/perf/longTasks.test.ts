import { describe, expect, it } from 'vitest';
import { longTasks, type TraceEvent } from './longTasks';

const PAGE = { pid: 7, tid: 1 };

function navigation(ts: number, url = 'http://localhost:3000/dashboard'): TraceEvent {
  return {
    name: 'navigationStart',
    ph: 'R',
    ...PAGE,
    ts,
    args: { data: { isLoadingMainFrame: true, documentLoaderURL: url } },
  };
}

function task(ts: number, durMs: number, cpuMs?: number, where = PAGE): TraceEvent {
  return {
    name: 'RunTask',
    ph: 'X',
    ...where,
    ts,
    dur: durMs * 1000,
    ...(cpuMs === undefined ? {} : { tdur: cpuMs * 1000 }),
  };
}

describe('longTasks', () => {
  it("sums the wall and CPU time of the navigation's main-thread tasks of 12.5 ms or more after first paint", () => {
    const events: TraceEvent[] = [
      navigation(0, 'about:blank'),
      navigation(1_000),
      { name: 'firstContentfulPaint', ph: 'R', ...PAGE, ts: 200_000 },
      task(100_000, 40, 30), // before first paint
      task(300_000, 40, 10),
      task(400_000, 12.5, 12),
      task(500_000, 12.4, 12), // short
      task(600_000, 30, 5, { pid: 7, tid: 2 }), // another thread
      task(700_000, 30, 5, { pid: 9, tid: 1 }), // another process
      { ...task(800_000, 20, 20), name: 'FunctionCall' },
    ];
    expect(longTasks(events)).toEqual({ count: 2, wallMs: 52.5, cpuMs: 22 });
  });

  it('counts from the navigation when no paint was recorded, and gives NaN CPU without thread times', () => {
    const result = longTasks([navigation(0), task(10_000, 20), task(50_000, 30, 3)]);
    expect(result?.count).toBe(2);
    expect(result?.wallMs).toBe(50);
    expect(result?.cpuMs).toBeNaN();
  });

  it('is null for a trace without an http navigation of the main frame', () => {
    expect(longTasks([navigation(0, 'about:blank'), task(10_000, 20, 20)])).toBeNull();
  });
});
