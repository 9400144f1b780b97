// The page's long tasks as the trace of a Lighthouse run recorded them: how long they lasted (wall time, which
// Lighthouse's simulated throttling multiplies by 4 for TBT) and how much of that the main thread actually ran
// (its CPU time). On a machine whose cores are shared with Chromium's other processes, Lighthouse and the server,
// a task's wall time is its CPU time plus the time the thread waited for a core: the gap between the two says
// how much of a TBT figure is the page's own work and how much is the machine's contention.

/** The few fields of a Chrome trace event this reads. */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  /** Wall time, µs (complete events). */
  dur?: number;
  /** Thread (CPU) time, µs, where the platform records it. */
  tdur?: number;
  args?: { data?: { isLoadingMainFrame?: boolean; documentLoaderURL?: string } };
}

export interface LongTasks {
  /** Top-level main-thread tasks from first contentful paint on, each at least `minMs` of wall time. */
  count: number;
  wallMs: number;
  /** The same tasks' CPU time; NaN when the trace has no thread times. */
  cpuMs: number;
}

/** Tasks that count toward TBT under 4x simulated throttling: over 50 ms simulated, so 12.5 ms observed. */
export const LONG_TASK_MS = 12.5;

/**
 * The long tasks of the navigation's main thread (the renderer thread of the main frame's http(s) navigation
 * start) from its first contentful paint to the end of the trace. Null when the trace has no such navigation.
 */
export function longTasks(events: readonly TraceEvent[], minMs = LONG_TASK_MS): LongTasks | null {
  const navigation = events.find(
    (event) =>
      event.name === 'navigationStart' &&
      event.args?.data?.isLoadingMainFrame === true &&
      /^https?:/.test(event.args.data.documentLoaderURL ?? ''),
  );
  if (!navigation) return null;
  const { pid, tid } = navigation;
  const fcp = events.find((event) => event.name === 'firstContentfulPaint' && event.pid === pid);
  const from = fcp?.ts ?? navigation.ts;
  const tasks = events.filter(
    (event) =>
      event.name === 'RunTask' &&
      event.ph === 'X' &&
      event.pid === pid &&
      event.tid === tid &&
      event.ts >= from &&
      (event.dur ?? 0) >= minMs * 1000,
  );
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0) / 1000;
  return {
    count: tasks.length,
    wallMs: sum(tasks.map((task) => task.dur ?? 0)),
    cpuMs: tasks.every((task) => task.tdur !== undefined) ? sum(tasks.map((task) => task.tdur ?? 0)) : Number.NaN,
  };
}
