// Registers sw.js (production builds only) with a prompt-based update: a waiting version is offered in a
// persistent toast; accepting posts SKIP_WAITING and the page reloads once when the new worker takes control.
import { Workbox } from 'workbox-window';
import { createUpdateFlow } from './updateFlow';
import { showUpdatePrompt } from './updatePrompt';

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const workbox = new Workbox('/sw.js', { scope: '/' });
  const flow = createUpdateFlow({
    skipWaiting: () => workbox.messageSkipWaiting(),
    reload: () => window.location.reload(),
  });
  navigator.serviceWorker.addEventListener('controllerchange', () => flow.controllerChanged());
  workbox.addEventListener('waiting', () => showUpdatePrompt(() => flow.accept()));
  workbox.register().catch((error: unknown) => console.warn('Service worker registration failed', error));
}
