// The share of one core a page's main thread is busy, measured over a window with the CDP Profiler (samples
// that are not idle) and cross-checked with Performance.getMetrics (the renderer's own task time).
import type { Page } from 'playwright-core';

export interface MainThreadShare {
  /** % of the window the Profiler sampled the main thread doing anything (JS, GC, or native work). */
  profilerBusy: number;
  /** % of the window in main-thread tasks (Performance.getMetrics TaskDuration). */
  taskShare: number;
  /** % in script (ScriptDuration) and in style recalculation plus layout. */
  scriptShare: number;
  styleLayoutShare: number;
}

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string } }[];
  samples?: number[];
  timeDeltas?: number[];
}

type Metrics = Record<string, number>;

/** Fraction of the profile's samples (weighted by the time until the next one) spent outside "(idle)". */
export function busyFraction(profile: CpuProfile): number {
  const idle = new Set(profile.nodes.filter((node) => node.callFrame.functionName === '(idle)').map((n) => n.id));
  let busy = 0;
  let total = 0;
  (profile.samples ?? []).forEach((node, index) => {
    const weight = profile.timeDeltas?.[index + 1] ?? 0;
    total += weight;
    if (!idle.has(node)) busy += weight;
  });
  return total > 0 ? busy / total : 0;
}

export async function profileMainThread(page: Page, windowMs: number, cpuThrottle = 1): Promise<MainThreadShare> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuThrottle });
  await cdp.send('Performance.enable');
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  const metrics = async (): Promise<Metrics> =>
    Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
  const before = await metrics();
  await cdp.send('Profiler.start');
  await page.waitForTimeout(windowMs);
  const { profile } = await cdp.send('Profiler.stop');
  const after = await metrics();
  await cdp.detach();
  const seconds = windowMs / 1000;
  const delta = (name: string) => (((after[name] ?? 0) - (before[name] ?? 0)) / seconds) * 100;
  return {
    profilerBusy: busyFraction(profile) * 100,
    taskShare: delta('TaskDuration'),
    scriptShare: delta('ScriptDuration'),
    styleLayoutShare: delta('RecalcStyleDuration') + delta('LayoutDuration'),
  };
}
