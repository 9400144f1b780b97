import { RingBuffer } from '../../../src/domain/monitoring/ringBuffer';
import { createServerSampleReader, type ServerSample, type ServerSampleSources } from './metrics';

/** How often a sample is taken (the Memory monitoring page refreshes as often). */
export const SAMPLE_INTERVAL_MS = 5_000;
/** Samples kept: one hour at SAMPLE_INTERVAL_MS. */
export const SAMPLE_CAPACITY = 720;
/** serverMetrics(minutes) accepts 1..MAX_METRICS_MINUTES. */
export const MAX_METRICS_MINUTES = 60;

export interface MetricsSamplerSources extends ServerSampleSources {
  log: { warn: (object: object, message: string) => void };
}

/**
 * Samples this process every `intervalMs` (from `start`) into a ring buffer of the last SAMPLE_CAPACITY samples.
 * The timer is unref'd (it never holds the process open), one sample runs at a time, and `stop()` (the app's
 * close) ends the timer and the event-loop histogram. Before `start` nothing is measured.
 */
export function createMetricsSampler({ log, ...sources }: MetricsSamplerSources) {
  const samples = new RingBuffer<ServerSample>(SAMPLE_CAPACITY);
  let reader: ReturnType<typeof createServerSampleReader> | undefined;
  let running: Promise<ServerSample> | undefined;
  let timer: NodeJS.Timeout | undefined;

  const sample = (from: NonNullable<typeof reader>): Promise<ServerSample> => {
    running ??= from
      .read()
      .then((taken) => {
        if (reader === from) samples.push(taken);
        return taken;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  return {
    start(intervalMs = SAMPLE_INTERVAL_MS): void {
      if (reader) return;
      const started = createServerSampleReader(sources);
      reader = started;
      timer = setInterval(() => {
        sample(started).catch((error: unknown) => log.warn({ err: error }, 'sampling the server metrics failed'));
      }, intervalMs);
      timer.unref();
    },
    /** The latest sample; taken now (and kept) when there is none yet. Null when not started. */
    async current(): Promise<ServerSample | null> {
      return samples.latest() ?? (reader ? sample(reader) : null);
    },
    /** The samples of the last `minutes`, oldest first. */
    samples(minutes: number): ServerSample[] {
      const since = sources.now().getTime() - minutes * 60_000;
      return samples.since((item) => item.at >= since);
    },
    async stop(): Promise<void> {
      const stopping = reader;
      reader = undefined;
      if (timer) clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
      stopping?.close();
    },
  };
}

export type MetricsSampler = ReturnType<typeof createMetricsSampler>;
