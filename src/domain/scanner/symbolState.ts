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
    this.peek(difference, this);
  }

  /** The state if `difference` were pushed, written into `out` (default: a new object) and returned. */
  peek(difference: number, out: CrossState = { side: 0, age: Number.POSITIVE_INFINITY }): CrossState {
    const previous = this.side;
    const age = this.age;
    if (Number.isNaN(difference)) {
      out.side = 0;
      out.age = Number.POSITIVE_INFINITY;
      return out;
    }
    out.side = difference > 0 ? 1 : -1;
    out.age = previous === 0 ? Number.POSITIVE_INFINITY : out.side === previous ? age + 1 : 0;
    return out;
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

function emptySnapshot(symbol: string, name: string): ScanSnapshot {
  const nan = Number.NaN;
  const noCross = () => ({ side: 0, age: Number.POSITIVE_INFINITY });
  return {
    symbol,
    name,
    price: nan,
    open: nan,
    high: nan,
    low: nan,
    volume: nan,
    previousClose: nan,
    change: nan,
    changePercent: nan,
    gapPercent: nan,
    rsi14: nan,
    macd: nan,
    macdSignal: nan,
    macdHistogram: nan,
    macdCross: noCross(),
    sma20: nan,
    sma50: nan,
    sma200: nan,
    smaCross: noCross(),
    averageVolume20: nan,
    relativeVolume: nan,
    yearHigh: nan,
    yearLow: nan,
    breakoutHigh: nan,
  };
}

export class SymbolScanState {
  /**
   * The latest snapshot, null until the first live session is known. The same object is rewritten by each
   * update (no garbage per quote): read it, or copy what must outlive the next quote.
   */
  snapshot: ScanSnapshot | null = null;
  private readonly current: ScanSnapshot;
  private readonly macdValue = { macd: Number.NaN, signal: Number.NaN, histogram: Number.NaN };
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
    this.current = emptySnapshot(symbol, name);
    for (const bar of closedBars) this.close(bar.close, bar.high, bar.low, bar.volume);
  }

  /** Applies a quote of session `live.day`: O(1), plus one closed bar when a new session begins. */
  update(live: LiveSession): void {
    const session = this.session;
    if (session && live.day < session.day) return;
    if (session && live.day > session.day) this.close(session.price, session.high, session.low, session.volume);
    this.session = live;
    this.refresh(live);
    this.snapshot = this.current;
  }

  private close(close: number, high: number, low: number, volume: number): void {
    this.rsi.push(close);
    this.macdCross.push(this.macd.push(close).histogram);
    const fast = this.sma50.push(close);
    this.smaCross.push(fast - this.sma200.push(close));
    this.sma20.push(close);
    this.averageVolume.push(volume);
    this.yearHigh.push(high);
    this.yearLow.push(low);
    this.breakoutHigh.push(high);
  }

  /** Today's values at the live price, written over the snapshot. */
  private refresh(live: LiveSession): void {
    const s = this.current;
    const { price, previousClose } = live;
    s.price = price;
    s.open = live.open;
    s.high = live.high;
    s.low = live.low;
    s.volume = live.volume;
    s.previousClose = previousClose;
    s.change = live.change;
    s.changePercent = live.changePercent;
    s.gapPercent = previousClose > 0 ? ((live.open - previousClose) / previousClose) * 100 : Number.NaN;
    s.rsi14 = this.rsi.peek(price);
    const macd = this.macd.peek(price, this.macdValue);
    s.macd = macd.macd;
    s.macdSignal = macd.signal;
    s.macdHistogram = macd.histogram;
    this.macdCross.peek(macd.histogram, s.macdCross);
    s.sma20 = this.sma20.peek(price);
    s.sma50 = this.sma50.peek(price);
    s.sma200 = this.sma200.peek(price);
    this.smaCross.peek(s.sma50 - s.sma200, s.smaCross);
    s.averageVolume20 = this.averageVolume.value;
    s.relativeVolume = s.averageVolume20 > 0 ? live.volume / s.averageVolume20 : Number.NaN;
    s.yearHigh = this.yearHigh.value;
    s.yearLow = this.yearLow.value;
    s.breakoutHigh = this.breakoutHigh.value;
  }
}
