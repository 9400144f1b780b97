import { browserSession } from '../../app/browserSession';
import { bearerToken, onBearerTokenChange } from '../../auth/token';
import { localDb } from '../../data/db';
import { mirrorBearerToken } from '../../data/meta';
import type { FlushOptions } from '../../data/outbox/flusher';
import { onOutboxAppended } from '../../data/outbox/queue';
import { claimLocalData, NO_SIGNED_IN_USER } from '../../data/owner';
import { createBrowserOutboxFlusher, OUTBOX_SYNC_TAG } from '../../data/outbox/sync';

interface SyncCapableRegistration {
  sync: { register(tag: string): Promise<void> };
}

function hasBackgroundSync(
  registration: ServiceWorkerRegistration,
): registration is ServiceWorkerRegistration & SyncCapableRegistration {
  return 'sync' in registration && typeof registration.sync === 'object' && registration.sync !== null;
}

/** Asks the worker to flush once the browser is online again, even if the page is closed by then. */
async function registerBackgroundSync(): Promise<void> {
  if (!('serviceWorker' in navigator) || !navigator.serviceWorker.controller) return;
  const registration = await navigator.serviceWorker.ready;
  if (hasBackgroundSync(registration)) await registration.sync.register(OUTBOX_SYNC_TAG);
}

let started = false;

/**
 * Starts the page's outbox flushing: on start, when the browser comes online, when the page becomes
 * visible, after each queued write, and when a backed-off row is due. Also mirrors the bearer token into
 * IndexedDB for the service worker. Safe to call once per page.
 */
export function startOutboxSync(): void {
  if (started) return;
  started = true;
  const db = localDb();
  const flusher = createBrowserOutboxFlusher(() => Promise.resolve(bearerToken()));
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Whose data the local database holds is settled before any flush or token mirror (src/data/owner.ts): the
  // signed-in user, else nobody (single-user mode, or signed out).
  const claim = () => claimLocalData(db, browserSession().current()?.user.id ?? NO_SIGNED_IN_USER);
  let claimed = claim().catch((error: unknown) => console.warn('local data claim failed', error));

  const run = (options: FlushOptions = {}) => {
    clearTimeout(timer);
    claimed
      .then(() => flusher.flush(options))
      .then((result) => {
        if (result.nextAttemptAt !== null) {
          timer = setTimeout(() => run(), Math.max(0, result.nextAttemptAt - Date.now()));
        }
      })
      .catch((error: unknown) => console.warn('outbox flush failed', error));
  };

  const mirror = (token: string) => {
    claimed
      .then(() => mirrorBearerToken(db, token))
      .catch((error: unknown) => console.warn('token mirror failed', error));
  };
  mirror(bearerToken());
  // A sign-in or sign-out changes whose data this is; a new sign-in may unblock rows that waited for authentication.
  onBearerTokenChange((token) => {
    claimed = claimed.then(claim).catch((error: unknown) => console.warn('local data claim failed', error));
    mirror(token);
    run({ ignoreBackoff: true });
  });

  onOutboxAppended(() => {
    registerBackgroundSync().catch(() => undefined);
    run();
  });
  window.addEventListener('online', () => run({ ignoreBackoff: true }));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') run();
  });
  run({ ignoreBackoff: true });
}
