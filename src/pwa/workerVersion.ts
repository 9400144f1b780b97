// Asks a service worker for its version (spec §7: GET_VERSION, reply { type: 'VERSION', version }).

/** The part of a ServiceWorker this needs (so it can be tested with a fake worker). */
export interface MessageTarget {
  postMessage(message: unknown, transfer: Transferable[]): void;
}

const DEFAULT_TIMEOUT_MS = 3000;

/** The version the worker reports over a MessageChannel, or null when it does not answer in time. */
export function queryWorkerVersion(worker: MessageTarget, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<string | null> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const finish = (version: string | null) => {
      clearTimeout(timer);
      channel.port1.close();
      resolve(version);
    };
    const timer = setTimeout(() => finish(null), timeoutMs);
    channel.port1.onmessage = (event: MessageEvent<unknown>) => finish(versionFromReply(event.data));
    worker.postMessage({ type: 'GET_VERSION' }, [channel.port2]);
  });
}

/** The version in a `{ type: 'VERSION', version }` reply, or null for anything else. */
export function versionFromReply(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const { type, version } = data as { type?: unknown; version?: unknown };
  return type === 'VERSION' && typeof version === 'string' && version !== '' ? version : null;
}

/** The version of the worker controlling this page, or null without one (dev server, unsupported browser). */
export async function activeWorkerVersion(): Promise<string | null> {
  if (!('serviceWorker' in navigator)) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  const worker = navigator.serviceWorker.controller ?? registration?.active ?? null;
  return worker ? queryWorkerVersion(worker) : null;
}
