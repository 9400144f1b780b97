/// <reference lib="webworker" />
import { flushOutboxInWorker, OUTBOX_SYNC_TAG } from '../src/data/outbox/sync';

/** Background Sync event (Chromium); not in TypeScript's WebWorker library. */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

function isSyncEvent(event: Event): event is SyncEvent {
  return event instanceof ExtendableEvent && 'tag' in event && typeof event.tag === 'string';
}

/** Flushes the outbox when the browser fires the outbox Background Sync (the page may be closed). */
export function handleOutboxSync(event: Event): void {
  if (isSyncEvent(event) && event.tag === OUTBOX_SYNC_TAG) event.waitUntil(flushOutboxInWorker());
}
