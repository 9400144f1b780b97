// What perf-lighthouse keeps of a Lighthouse result: the two category scores, the metrics and the failing audits.
import type { Result } from 'lighthouse';
import type { LongTasks } from './longTasks';

export interface PageSummary {
  path: string;
  theme: string;
  lighthouseVersion: string;
  runtimeError?: string;
  seconds: number;
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  ttiMs: number;
  fcpMs: number;
  mainThreadMs: number;
  /** The run's long tasks, wall and CPU time (from its trace); null without a trace. */
  longTasks: LongTasks | null;
  /** Audit ids failing in accessibility (score 0) and in performance (score under 0.9, with savings). */
  failingAccessibility: string[];
  failingPerformance: string[];
  /** Performance of every run, when several were made. */
  spread?: number[];
}

function score(lhr: Result, category: string): number {
  return Math.round((lhr.categories[category]?.score ?? 0) * 100);
}

function numeric(lhr: Result, audit: string): number {
  return lhr.audits[audit]?.numericValue ?? Number.NaN;
}

function failing(lhr: Result, category: string, threshold: number): string[] {
  const refs = lhr.categories[category]?.auditRefs ?? [];
  return refs
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit !== undefined)
    .filter(
      (audit) =>
        audit.score !== null &&
        audit.score < threshold &&
        (audit.scoreDisplayMode === 'binary' ||
          audit.scoreDisplayMode === 'numeric' ||
          audit.scoreDisplayMode === 'metricSavings'),
    )
    .map((audit) => audit.id);
}

export function summarise(
  lhr: Result,
  path: string,
  theme: string,
  elapsedMs: number,
  tasks: LongTasks | null = null,
): PageSummary {
  return {
    path,
    theme,
    lighthouseVersion: lhr.lighthouseVersion,
    runtimeError: lhr.runtimeError?.message,
    seconds: elapsedMs / 1000,
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    lcpMs: numeric(lhr, 'largest-contentful-paint'),
    tbtMs: numeric(lhr, 'total-blocking-time'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    ttiMs: numeric(lhr, 'interactive'),
    fcpMs: numeric(lhr, 'first-contentful-paint'),
    mainThreadMs: numeric(lhr, 'mainthread-work-breakdown'),
    longTasks: tasks,
    failingAccessibility: failing(lhr, 'accessibility', 1),
    failingPerformance: failing(lhr, 'performance', 0.9),
  };
}

export function failingAudits(summary: PageSummary): string[] {
  return [...summary.failingAccessibility.map((id) => `a11y:${id}`), ...summary.failingPerformance];
}
