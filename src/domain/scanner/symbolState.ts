import type { Ohlcv } from '../market/candle';
import type { MarketQuote } from '../market/quote';
import { MacdStepper, RollingExtreme, RsiStepper, SmaStepper } from '../indicators/steppers';
import { AVERAGE_VOLUME_SESSIONS, BREAKOUT_SESSIONS, YEAR_SESSIONS } from './scanTypes';

/**
 * A symbol's scanner state: its indicators as of the last closed daily bar (steppers, O(1) per bar) plus a
 * provisional update with today's session at the live price ({@link ScanSnapshot}), recomputed in O(1) on each
 * quote. A scan reads snapshots; it never goes back to the history.
 *
 * Sessions are told apart by `day` (any increasing session number, e.g. the Eastern calendar day): a quote of a
 * later day first closes the current one (its last price, high, low and volume become a closed bar), a quote of
 * an earlier day is ignored.
 */

/** Today's session as a quote describes it, with the session's number. */
export type LiveSession = Pick<
  MarketQuote,
  'price' | 'open' | 'high' | 'low' | 'volume' | 'previousClose' | 'change' | 'changePercent'
> & { day: number };

/** Which side one average is of another, and for how many closed sessions it has been (0: it crossed today). */
export interface CrossState {
  /** 1 above, -1 at or below, 0 unknown (not enough history). */
  side: number;
  /** Sessions since the side last changed (0 = today); Infinity when no change was ever seen. */
  age: number;
}

/** Follows the side of a difference (fast − slow) from bar to bar. */
export class CrossTracker implements CrossState {
  side = 0;
  age = Number.POSITIVE_INFINITY;

  push(difference: number): void {
    const next = this.peek(difference);
    this.side = next.side;
    this.age = next.age;
  }

  peek(difference: number): CrossState {
    if (Number.isNaN(difference)) return { side: 0, age: Number.POSITIVE_INFINITY };
    const side = difference > 0 ? 1 : -1;
    if (this.side === 0) return { side, age: Number.POSITIVE_INFINITY };
    return { side, age: side === this.side ? this.age + 1 : 0 };
  }
}

/** Everything the scans read about a symbol, today at the live price. Missing values (short history) are NaN. */
export interface ScanSnapshot {
  symbol: string;
  name: string;
  price: number;
  open: number;
  high: number;
  low: number;
  volume: number;
  previousClose: number;
  change: number;
  changePercent: number;
  /** (open − previous close) / previous close, in percent. */
  gapPercent: number;
  rsi14: number;
  macd: number;
  macdSignal: number;
  macdHistogram: number;
  /** The histogram's side at the last close and at the live price. */
  macdCross: CrossState;
  sma20: number;
  sma50: number;
  sma200: number;
  smaCross: CrossState;
  /** Average volume of the previous 20 sessions, and today's volume over it. */
  averageVolume20: number;
  relativeVolume: number;
  /** Highest high / lowest low of the previous 251 sessions, and highest high of the previous 20. */
  yearHigh: number;
  yearLow: number;
  breakoutHigh: number;
}

export class SymbolScanState {
  /** The latest snapshot; null until the first live session is known. */
  snapshot: ScanSnapshot | null = null;
  private session: LiveSession | null = null;
  private readonly rsi = new RsiStepper(14);
  private readonly macd = new MacdStepper();
  private readonly sma20 = new SmaStepper(20);
  private readonly sma50 = new SmaStepper(50);
  private readonly sma200 = new SmaStepper(200);
  private readonly averageVolume = new SmaStepper(AVERAGE_VOLUME_SESSIONS);
  private readonly yearHigh = new RollingExtreme(YEAR_SESSIONS, 'max');
  private readonly yearLow = new RollingExtreme(YEAR_SESSIONS, 'min');
  private readonly breakoutHigh = new RollingExtreme(BREAKOUT_SESSIONS, 'max');
  private readonly smaCross = new CrossTracker();
  private readonly macdCross = new CrossTracker();

  /** `closedBars`: the symbol's closed daily bars, oldest first (today's forming bar left out). */
  constructor(
    readonly symbol: string,
    readonly name: string,
    closedBars: readonly Ohlcv[] = [],
  ) {
    for (const bar of closedBars) this.close(bar);
  }

  /** Applies a quote of session `live.day`: O(1), plus one closed bar when a new session begins. */
  update(live: LiveSession): void {
    const current = this.session;
    if (current && live.day < current.day) return;
    if (current && live.day > current.day)
      this.close({
        open: current.open,
        high: current.high,
        low: current.low,
        close: current.price,
        volume: current.volume,
      });
    this.session = live;
    this.snapshot = this.snapshotOf(live);
  }

  private close(bar: Omit<Ohlcv, 'time'>): void {
    this.rsi.push(bar.close);
    const macd = this.macd.push(bar.close);
    this.macdCross.push(macd.histogram);
    const fast = this.sma50.push(bar.close);
    this.smaCross.push(fast - this.sma200.push(bar.close));
    this.sma20.push(bar.close);
    this.averageVolume.push(bar.volume);
    this.yearHigh.push(bar.high);
    this.yearLow.push(bar.low);
    this.breakoutHigh.push(bar.high);
  }

  private snapshotOf(live: LiveSession): ScanSnapshot {
    const { price, previousClose } = live;
    const macd = this.macd.peek(price);
    const sma50 = this.sma50.peek(price);
    const sma200 = this.sma200.peek(price);
    const averageVolume20 = this.averageVolume.value;
    return {
      symbol: this.symbol,
      name: this.name,
      price,
      open: live.open,
      high: live.high,
      low: live.low,
      volume: live.volume,
      previousClose,
      change: live.change,
      changePercent: live.changePercent,
      gapPercent: previousClose > 0 ? ((live.open - previousClose) / previousClose) * 100 : Number.NaN,
      rsi14: this.rsi.peek(price),
      macd: macd.macd,
      macdSignal: macd.signal,
      macdHistogram: macd.histogram,
      macdCross: this.macdCross.peek(macd.histogram),
      sma20: this.sma20.peek(price),
      sma50,
      sma200,
      smaCross: this.smaCross.peek(sma50 - sma200),
      averageVolume20,
      relativeVolume: averageVolume20 > 0 ? live.volume / averageVolume20 : Number.NaN,
      yearHigh: this.yearHigh.value,
      yearLow: this.yearLow.value,
      breakoutHigh: this.breakoutHigh.value,
    };
  }
}
