/**
 * A fixed-capacity ring buffer: the last `capacity` items pushed, oldest first.
 *
 * - `push` is O(1): once full, each new item overwrites the oldest one.
 * - `toArray()` returns the items oldest first; `since(keep)` the newest ones `keep` accepts, found by walking back
 *   from the newest while `keep` holds (items are pushed in time order, so a time cut-off is a suffix).
 * - A capacity below 1 or not an integer is a programming error (thrown).
 */
export class RingBuffer<T> {
  private readonly items: T[] = [];
  /** Index of the oldest item once the buffer is full. */
  private start = 0;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1)
      throw new RangeError(`capacity must be an integer ≥ 1: ${capacity}`);
  }

  get size(): number {
    return this.items.length;
  }

  push(item: T): void {
    if (this.items.length < this.capacity) {
      this.items.push(item);
      return;
    }
    this.items[this.start] = item;
    this.start = (this.start + 1) % this.capacity;
  }

  /** The newest item, or undefined when empty. */
  latest(): T | undefined {
    if (this.items.length === 0) return undefined;
    return this.items[(this.start + this.items.length - 1) % this.items.length];
  }

  /** Every item, oldest first. */
  toArray(): T[] {
    return [...this.items.slice(this.start), ...this.items.slice(0, this.start)];
  }

  /** The newest items for which `keep` holds, oldest first (stops at the first, going back, that fails). */
  since(keep: (item: T) => boolean): T[] {
    const all = this.toArray();
    let first = all.length;
    while (first > 0 && keep(all[first - 1]!)) first -= 1;
    return all.slice(first);
  }
}
