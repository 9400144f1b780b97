/**
 * When the query cache is written to IndexedDB after it changed. Two kinds of change:
 * - `soon`: an answer, a mutation's update, anything a trader did or asked for. Written within
 *   QUERY_CACHE_WRITE_DELAY_MS, so a reload right after it restores it.
 * - `live`: a pushed quote. Ticks change the cache every second; writing the whole cache that often (serialised
 *   on the main thread, then written by the browser) costs a phone CPU and battery for a price that is stale a
 *   second later anyway. Written within QUERY_CACHE_LIVE_WRITE_DELAY_MS, or sooner with any `soon` change.
 * `flush()` writes a pending change at once: the app calls it when the page is hidden or left, so a reload or a
 * return offline shows the last prices seen.
 *
 * One write at a time is the persister's business (it coalesces); this only decides when to ask.
 */

/** How soon a change of the query cache is written to IndexedDB (milliseconds). */
export const QUERY_CACHE_WRITE_DELAY_MS = 200;
/** How soon a change made only by pushed quotes is written (milliseconds). */
export const QUERY_CACHE_LIVE_WRITE_DELAY_MS = 10_000;

export type CacheChange = 'soon' | 'live';

export class CacheWriteSchedule {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private dueAt = Number.POSITIVE_INFINITY;

  constructor(private readonly write: () => void) {}

  /** A change of kind `change`: the write happens by its delay at the latest (an earlier one stays). */
  change(change: CacheChange): void {
    const due = Date.now() + (change === 'live' ? QUERY_CACHE_LIVE_WRITE_DELAY_MS : QUERY_CACHE_WRITE_DELAY_MS);
    if (this.timer !== null && this.dueAt <= due) return;
    this.cancel();
    this.dueAt = due;
    this.timer = setTimeout(() => this.run(), due - Date.now());
  }

  /** Writes now if a change is waiting; nothing otherwise. */
  flush(): void {
    if (this.timer !== null) this.run();
  }

  /** Forgets a waiting change (the schedule is no longer used). */
  cancel(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.dueAt = Number.POSITIVE_INFINITY;
  }

  private run(): void {
    this.cancel();
    this.write();
  }
}
