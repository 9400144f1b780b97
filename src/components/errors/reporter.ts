import { ERROR_REPORT_MAX_PER_SESSION, ERROR_REPORT_SAMPLE_RATE } from '../../domain/constants';
import { createErrorId } from '../../domain/errorId';

/** An error as captured from a boundary, `error` event or `unhandledrejection` event. */
export interface CapturedError {
  message: string;
  stack?: string;
}

/** The body of `POST /api/errors`. */
export interface ErrorReport {
  id: string;
  message: string;
  stack?: string;
  url?: string;
  userAgent?: string;
  signature: string;
  timestamp: string;
}

/** Field limits the server accepts. */
const LIMITS = { message: 2000, stack: 16_000, url: 2048, userAgent: 512, signature: 512 } as const;

const truncate = (value: string, max: number) => (value.length > max ? value.slice(0, max) : value);

/** Turns anything thrown or rejected into a message and, when there is one, a stack. */
export function toCapturedError(value: unknown): CapturedError {
  if (value instanceof Error) {
    const message = value.message || value.name || 'Error';
    return value.stack ? { message, stack: value.stack } : { message };
  }
  if (typeof value === 'string') return { message: value || 'Unknown error' };
  try {
    return { message: JSON.stringify(value) ?? String(value) };
  } catch {
    return { message: String(value) };
  }
}

/** The first frame of a stack trace (V8 `    at f (url:1:2)`, or Firefox/Safari `f@url:1:2`), or ''. */
export function firstStackFrame(stack: string | undefined): string {
  if (!stack) return '';
  const frame = stack
    .split('\n')
    .map((line) => line.trim())
    .find((line) => line.startsWith('at ') || /^[^\s]*@.+:\d+/.test(line));
  return frame ?? '';
}

/** What makes two errors "the same": the message and the first stack frame. */
export function errorSignature(error: CapturedError): string {
  const frame = firstStackFrame(error.stack);
  return truncate(frame ? `${error.message} ${frame}` : error.message, LIMITS.signature);
}

export interface ErrorReporterOptions {
  send(report: ErrorReport): Promise<void>;
  random?: () => number;
  now?: () => number;
  sampleRate?: number;
  maxPerSession?: number;
  /** Page URL and user agent to include, when known. */
  context?: () => { url?: string; userAgent?: string };
}

export interface ErrorReporter {
  /**
   * Reports an error unless its signature was seen before, it is not sampled, or the session cap is
   * reached. Returns the report sent, or null.
   */
  report(error: CapturedError, id?: string): ErrorReport | null;
}

/**
 * Spec §4/§9: each unique signature is considered once; one in ten is sampled; at most 50 are sent
 * per session. Sending failures are ignored: reporting must never cause errors of its own.
 */
export function createErrorReporter({
  send,
  random = Math.random,
  now = Date.now,
  sampleRate = ERROR_REPORT_SAMPLE_RATE,
  maxPerSession = ERROR_REPORT_MAX_PER_SESSION,
  context = () => ({}),
}: ErrorReporterOptions): ErrorReporter {
  const seen = new Set<string>();
  let sent = 0;
  return {
    report(error, id) {
      const signature = errorSignature(error);
      if (seen.has(signature)) return null;
      seen.add(signature);
      if (sent >= maxPerSession || random() >= sampleRate) return null;
      sent += 1;
      const { url, userAgent } = context();
      const timestamp = now();
      const report: ErrorReport = {
        id: id ?? createErrorId(timestamp),
        message: truncate(error.message, LIMITS.message),
        signature,
        timestamp: new Date(timestamp).toISOString(),
        ...(error.stack ? { stack: truncate(error.stack, LIMITS.stack) } : {}),
        ...(url ? { url: truncate(url, LIMITS.url) } : {}),
        ...(userAgent ? { userAgent: truncate(userAgent, LIMITS.userAgent) } : {}),
      };
      send(report).catch(() => undefined);
      return report;
    },
  };
}
