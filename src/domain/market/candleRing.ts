import type { Candle } from './candle';

/** Numbers per bar in a packed ring: time, open, high, low, close, volume. */
export const BAR_FIELDS = 6;

const TIME = 0;
const OPEN = 1;
const HIGH = 2;
const LOW = 3;
const CLOSE = 4;
const VOLUME = 5;

/**
 * A fixed-capacity store of bars, oldest first: once full, each new bar replaces the oldest, so memory is
 * bounded by the capacity. The newest bar is the "forming" one, changed in place by {@link CandleRing.accumulate}
 * and {@link CandleRing.setLast}.
 *
 * Bars are packed into one Float64Array (BAR_FIELDS numbers a bar), not kept as objects: the simulator holds about
 * 250k bars, which as objects cost a cold start their decoding (a cached history is already packed, and a ring is
 * made from it without a copy), memory, and every full garbage collection a walk over them. What it hands out
 * (last, fromEnd, toArray) are copies.
 */
export class CandleRing {
  readonly capacity: number;
  private readonly data: Float64Array;
  private start = 0;
  private count = 0;

  /** `full` (fromPacked's): storage of exactly `capacity` bars, oldest first, taken as the ring's own. */
  constructor(capacity: number, full?: Float64Array) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError('capacity must be a positive integer');
    if (full && full.length !== capacity * BAR_FIELDS) throw new RangeError(`a full ring holds ${capacity} bars`);
    this.capacity = capacity;
    this.data = full ?? new Float64Array(capacity * BAR_FIELDS);
    this.count = full ? capacity : 0;
  }

  /**
   * A ring of `capacity` holding the newest `capacity` bars of `packed` (bars oldest first, as packed() gives). A
   * `packed` of exactly `capacity` bars (a cached history's rings are full) becomes the ring's storage, not copied:
   * the caller hands it over and does not use it afterwards.
   */
  static fromPacked(capacity: number, packed: Float64Array): CandleRing {
    if (packed.length % BAR_FIELDS !== 0) throw new RangeError(`packed bars come in ${BAR_FIELDS} numbers each`);
    const bars = packed.length / BAR_FIELDS;
    if (bars === capacity) return new CandleRing(capacity, packed);
    const ring = new CandleRing(capacity);
    const kept = Math.min(capacity, bars);
    ring.data.set(packed.subarray(packed.length - kept * BAR_FIELDS));
    ring.count = kept;
    return ring;
  }

  get length(): number {
    return this.count;
  }

  /** A copy of the newest bar, or undefined when empty. */
  last(): Candle | undefined {
    return this.fromEnd(0);
  }

  /** A copy of the bar `back` places before the newest (0 = newest). */
  fromEnd(back: number): Candle | undefined {
    if (back < 0 || back >= this.count) return undefined;
    return this.barAt(this.offsetOf(this.count - 1 - back));
  }

  push(bar: Candle): void {
    this.write(bar.time, bar.open, bar.high, bar.low, bar.close, bar.volume);
  }

  /**
   * Adds a trade interval `[open … close]` with extremes `high`/`low` and `volume` to the bar starting at
   * `time`: merged into the newest bar when it has that start, otherwise opened as a new bar. Applying the
   * same updates to every interval keeps coarser bars the exact aggregate of finer ones.
   */
  accumulate(time: number, open: number, high: number, low: number, close: number, volume: number): void {
    const data = this.data;
    const at = this.count === 0 ? -1 : this.offsetOf(this.count - 1);
    if (at >= 0 && data[at + TIME] === time) {
      if (high > data[at + HIGH]!) data[at + HIGH] = high;
      if (low < data[at + LOW]!) data[at + LOW] = low;
      data[at + CLOSE] = close;
      data[at + VOLUME] = data[at + VOLUME]! + volume;
    } else {
      this.write(time, open, high, low, close, volume);
    }
  }

  /** Sets fields of the newest bar (its time stays); nothing when empty. */
  setLast(fields: Partial<Omit<Candle, 'time'>>): void {
    if (this.count === 0) return;
    const at = this.offsetOf(this.count - 1);
    if (fields.open !== undefined) this.data[at + OPEN] = fields.open;
    if (fields.high !== undefined) this.data[at + HIGH] = fields.high;
    if (fields.low !== undefined) this.data[at + LOW] = fields.low;
    if (fields.close !== undefined) this.data[at + CLOSE] = fields.close;
    if (fields.volume !== undefined) this.data[at + VOLUME] = fields.volume;
  }

  /** Copies of the newest `limit` bars (all when omitted), oldest first. */
  toArray(limit = this.count): Candle[] {
    const n = Math.max(0, Math.min(limit, this.count));
    const out: Candle[] = new Array<Candle>(n);
    for (let k = 0; k < n; k++) out[k] = this.barAt(this.offsetOf(this.count - n + k));
    return out;
  }

  /** Every bar, oldest first, packed into a new array (BAR_FIELDS numbers a bar): what fromPacked takes. */
  packed(): Float64Array<ArrayBuffer> {
    const out = new Float64Array(this.count * BAR_FIELDS);
    const head = Math.min(this.count, this.capacity - this.start);
    out.set(this.data.subarray(this.start * BAR_FIELDS, (this.start + head) * BAR_FIELDS));
    out.set(this.data.subarray(0, (this.count - head) * BAR_FIELDS), head * BAR_FIELDS);
    return out;
  }

  /** Where the `index`th bar from the oldest starts in `data`. */
  private offsetOf(index: number): number {
    return ((this.start + index) % this.capacity) * BAR_FIELDS;
  }

  private barAt(at: number): Candle {
    const data = this.data;
    return {
      time: data[at + TIME]!,
      open: data[at + OPEN]!,
      high: data[at + HIGH]!,
      low: data[at + LOW]!,
      close: data[at + CLOSE]!,
      volume: data[at + VOLUME]!,
    };
  }

  private write(time: number, open: number, high: number, low: number, close: number, volume: number): void {
    let at: number;
    if (this.count < this.capacity) {
      at = this.offsetOf(this.count);
      this.count++;
    } else {
      at = this.start * BAR_FIELDS;
      this.start = (this.start + 1) % this.capacity;
    }
    const data = this.data;
    data[at + TIME] = time;
    data[at + OPEN] = open;
    data[at + HIGH] = high;
    data[at + LOW] = low;
    data[at + CLOSE] = close;
    data[at + VOLUME] = volume;
  }
}
