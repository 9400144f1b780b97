import type { Logger } from 'pino';
import * as z from 'zod';
import type { Config } from '../../config';

/** A client's report of an unhandled error (spec §2 error screens, §4 error boundary). */
export const clientErrorReport = z.object({
  id: z.string().min(1).max(128),
  message: z.string().min(1).max(2000),
  stack: z.string().max(16_000).optional(),
  url: z.string().max(2048).optional(),
  userAgent: z.string().max(512).optional(),
  signature: z.string().min(1).max(512),
  /** ISO-8601 date-time or epoch milliseconds; forwarded as ISO-8601. */
  timestamp: z
    .union([z.iso.datetime({ offset: true }), z.number().int().min(0).max(8.64e15)])
    .transform((value) => new Date(value).toISOString()),
});

export type ClientErrorReport = z.output<typeof clientErrorReport>;

const DELIVERY_TIMEOUT_MS = 10_000;

export interface ErrorReportForwarder {
  /** False when ERROR_REPORT_URL is not configured: reports are dropped. */
  readonly enabled: boolean;
  /** Sends a report in the background (failures are logged, not retried). */
  forward(report: ClientErrorReport, context: { userId: string; appVersion: string }): void;
  /** Waits for deliveries still under way (on shutdown). */
  drain(): Promise<void>;
}

/**
 * Forwards client error reports to ERROR_REPORT_URL with `Authorization: Bearer ERROR_REPORT_KEY`;
 * the key stays on the server instead of being shipped to the browser.
 */
export function createErrorReportForwarder(
  target: Config['errorReport'],
  log: Pick<Logger, 'warn'>,
): ErrorReportForwarder {
  const deliveries = new Set<Promise<void>>();

  async function deliver(url: string, key: string, body: string): Promise<void> {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body,
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      });
      await response.body?.cancel();
      if (!response.ok) log.warn({ status: response.status }, 'error report endpoint refused a report');
    } catch (error) {
      log.warn({ err: error }, 'error report could not be delivered');
    }
  }

  return {
    enabled: target !== null,
    forward(report, context) {
      if (!target) return;
      const body = JSON.stringify({ ...report, ...context, receivedAt: new Date().toISOString() });
      const delivery = deliver(target.url, target.key, body).finally(() => deliveries.delete(delivery));
      deliveries.add(delivery);
    },
    async drain() {
      await Promise.all(deliveries);
    },
  };
}
