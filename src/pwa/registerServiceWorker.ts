// Registers sw.js (production builds only) with a prompt-based update: a waiting version is offered in a
// persistent toast; accepting posts SKIP_WAITING and the page reloads once when the new worker takes control.
import { Workbox } from 'workbox-window';
import { createUpdateFlow } from './updateFlow';
import { showUpdatePrompt } from './updatePrompt';

/** A trader may keep the app open all day: look for a new version this often (the browser only checks on loads). */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const workbox = new Workbox('/sw.js', { scope: '/' });
  const flow = createUpdateFlow({
    skipWaiting: () => workbox.messageSkipWaiting(),
    reload: () => window.location.reload(),
  });
  navigator.serviceWorker.addEventListener('controllerchange', () => flow.controllerChanged());
  workbox.addEventListener('waiting', () => showUpdatePrompt(() => flow.accept()));
  workbox
    .register()
    .then(() => setInterval(() => void workbox.update().catch(() => undefined), UPDATE_CHECK_INTERVAL_MS))
    .catch((error: unknown) => console.warn('Service worker registration failed', error));
}
