import {
  currentOrLastSessionDay,
  easternTime,
  isTradingDayNumber,
  dayNumberOf,
  MINUTE_MS,
  SESSION_MINUTES,
  sessionCloseOf,
  sessionMinutesOf,
  sessionOpenOf,
} from './calendar';
import { INTERVAL_MINUTES, INTERVALS, type Interval, type IntradayInterval } from './candle';
import { CandleRing } from './candleRing';
import {
  bridgeHigh,
  bridgeLow,
  dailyVolume,
  idiosyncraticVolatility,
  MARKET_VOLATILITY,
  MEAN_REVERSION_PER_YEAR,
  minuteVolumeProfile,
  overnightYears,
  sessionYears,
  TRADING_DAYS_PER_YEAR,
} from './model';
import { priceFromLog } from './money';
import { hashString, type Rng, seedOf, streamOf } from './prng';
import { UNIVERSE, type Instrument } from './universe';

/**
 * Bars kept per symbol and interval (ring capacities, so memory stays bounded):
 * 1m: 1950 = 5 sessions, 5m: 780 = 10 sessions, 15m: 520 = 20 sessions, 1h: 210 = 30 sessions
 * (7 bars a session, the last one 15:30–16:00), 1D: 756 ≈ 3 years. The intraday history is simulated
 * minute by minute for as many sessions as the largest of these needs (30 by default).
 */
export const DEFAULT_CAPACITY: Readonly<Record<Interval, number>> = {
  '1m': 1950,
  '5m': 780,
  '15m': 520,
  '1h': 210,
  '1D': 756,
};

const BARS_PER_SESSION: Readonly<Record<IntradayInterval, number>> = { '1m': 390, '5m': 78, '15m': 26, '1h': 7 };

/** Simulated history starts on this trading day (2016-01-04) whatever `now` is, so past daily bars never change. */
export const HISTORY_ANCHOR_DAY = dayNumberOf(2016, 1, 4);

export interface HistoryOptions {
  /** MARKET_SEED: the same seed and `now` always give the same history. */
  seed: number | string;
  /** Epoch ms; the newest bar ends here. */
  now: number;
  instruments?: readonly Instrument[];
  capacity?: Partial<Record<Interval, number>>;
  anchorDay?: number;
}

export interface SymbolHistory {
  instrument: Instrument;
  bars: Record<Interval, CandleRing>;
  /** Unrounded log price at `now`; the newest bar's close is this price rounded to cents. */
  logPrice: number;
}

export interface MarketHistory {
  seed: number;
  now: number;
  /** ET day number of the newest session (today once 09:30 has passed on a trading day). */
  sessionDay: number;
  /** Whether that session was still running at `now`. */
  sessionInProgress: boolean;
  symbols: SymbolHistory[];
}

// Stream purposes: which random numbers a (seed, symbol, day) stream feeds.
const DAY_DRAWS = 1;
const MINUTE_STEPS = 2;
const MINUTE_DETAILS = 3;
const MARKET_KEY = hashString('$MARKET');

/** What {@link generateHistoryBase} needs: the options of generateHistory with the newest session instead of `now`. */
export interface HistoryBaseOptions extends Omit<HistoryOptions, 'now'> {
  /** ET day number of the newest session (currentOrLastSessionDay of `now`). */
  sessionDay: number;
}

/**
 * The history of every trading day before the newest session: what generateHistory computes before it turns to
 * that session, which alone depends on `now` (whether it is still running, and how far). It depends only on the
 * seed, the newest session's day, the instruments and the capacities, so it can be kept for that day and
 * finished at any `now` of it ({@link finishHistory}) into the same history as generateHistory's.
 */
export interface HistoryBase {
  seed: number;
  sessionDay: number;
  /** Bars up to the day before `sessionDay`; logPrice is that day's unrounded closing log price. */
  symbols: SymbolHistory[];
}

/**
 * Generates the consistent bar history of every instrument up to `now`.
 *
 * Each trading day since the anchor gets an overnight gap and a session return from the one-factor model
 * (see ./model), drawn from streams keyed by (seed, symbol, day). The most recent sessions (as many as the
 * intraday capacities need, 30 by default) are simulated minute by minute as a Brownian bridge from the
 * day's open to its close, and every interval — 1m, 5m, 15m, 1h and that day's 1D bar — is accumulated from
 * those minutes, so coarser bars are exact aggregates of finer ones. Older days get their daily bar directly,
 * with high and low drawn from the exact distribution of a Brownian bridge's extremes. If `now` falls inside
 * a session, today's minutes run forward (no bridge) up to `now`, and the last, partial minute is scaled to
 * the elapsed fraction; its close is the live price.
 */
export function generateHistory(options: HistoryOptions): MarketHistory {
  const { now, ...rest } = options;
  return finishHistory(generateHistoryBase({ ...rest, sessionDay: currentOrLastSessionDay(now) }), now);
}

/** The days before the newest session of generateHistory (see {@link HistoryBase}). */
export function generateHistoryBase(options: HistoryBaseOptions): HistoryBase {
  const seed = seedOf(options.seed);
  const { sessionDay } = options;
  const instruments = options.instruments ?? UNIVERSE;
  const capacity = { ...DEFAULT_CAPACITY, ...options.capacity };
  const anchor = options.anchorDay ?? HISTORY_ANCHOR_DAY;
  if (sessionDay < anchor) throw new RangeError('now lies before the start of the simulated history');
  if (!isTradingDayNumber(sessionDay)) throw new RangeError('the newest session must be a trading day');

  const days: number[] = [];
  for (let d = anchor; d <= sessionDay; d++) if (isTradingDayNumber(d)) days.push(d);

  const sessionsKept = Object.fromEntries(
    INTRADAY_INTERVALS.map((i) => [i, Math.ceil(capacity[i] / BARS_PER_SESSION[i])]),
  ) as Record<IntradayInterval, number>;
  const intradayCount = Math.min(days.length, Math.max(...INTRADAY_INTERVALS.map((i) => sessionsKept[i])));
  const firstIntraday = days.length - intradayCount;
  const firstDaily = days.length - capacity['1D'];
  const past = days.length - 1; // the newest session is finishHistory's

  const symbols = instruments.map((instrument): SymbolHistory => ({
    instrument,
    bars: Object.fromEntries(INTERVALS.map((i) => [i, new CandleRing(capacity[i])])) as Record<Interval, CandleRing>,
    logPrice: Math.log(instrument.referencePrice),
  }));
  for (let k = 0; k < past; k++) {
    const day = days[k]!;
    const market = marketDay(seed, day, k >= firstIntraday ? COMPLETE : undefined);
    const j = k - firstIntraday;
    const intraday = k < firstIntraday ? [] : INTRADAY_INTERVALS.filter((i) => intradayCount - j <= sessionsKept[i]);
    for (const symbol of symbols) simulateDay(seed, day, symbol, market, intraday, k >= firstDaily, COMPLETE);
  }
  return { seed, sessionDay, symbols };
}

/**
 * generateHistory's newest session on top of `base` (whose rings it fills: a base is finished once), up to `now`,
 * which must lie in that session or after it and before the next one.
 */
export function finishHistory(base: HistoryBase, now: number): MarketHistory {
  const { seed, sessionDay, symbols } = base;
  if (currentOrLastSessionDay(now) !== sessionDay) throw new RangeError("now lies outside the base's newest session");
  const sessionInProgress = now < sessionCloseOf(sessionDay);
  const partial = sessionInProgress ? { elapsed: (now - sessionOpenOf(sessionDay)) / MINUTE_MS } : COMPLETE;
  const market = marketDay(seed, sessionDay, partial);
  for (const symbol of symbols) simulateDay(seed, sessionDay, symbol, market, INTRADAY_INTERVALS, true, partial);
  return { seed, now, sessionDay, sessionInProgress, symbols };
}

const INTRADAY_INTERVALS = INTERVALS.filter((i): i is IntradayInterval => i !== '1D');

/** A session simulated whole (null), or up to `elapsed` minutes after its open (today's, still running). */
type Progress = null | { elapsed: number };
const COMPLETE: Progress = null;

/** The market factor of one day: its gap and session return, and its minute steps when the day is simulated by minute. */
interface MarketDay {
  gap: number;
  session: number;
  minutes: Float64Array | undefined;
}

/** `progress` undefined: the day gets a daily bar only (no minute steps drawn). */
function marketDay(seed: number, day: number, progress: Progress | undefined): MarketDay {
  const length = sessionMinutesOf(day);
  const rng = streamOf(seed, MARKET_KEY, day, DAY_DRAWS);
  const gap = MARKET_VOLATILITY * Math.sqrt(overnightYears()) * rng.normal();
  const session = MARKET_VOLATILITY * Math.sqrt(sessionYears(60) * length) * rng.normal();
  if (progress === undefined) return { gap, session, minutes: undefined };
  const steps = streamOf(seed, MARKET_KEY, day, MINUTE_STEPS);
  const target = progress ? null : session;
  return { gap, session, minutes: minuteSteps(steps, MARKET_VOLATILITY * Math.sqrt(sessionYears(60)), length, target) };
}

/**
 * Advances `symbol` by one trading day: a daily bar drawn directly when the market has no minute steps that day,
 * otherwise the session simulated minute by minute into the `intraday` rings (and the daily ring when `daily`).
 */
function simulateDay(
  seed: number,
  day: number,
  symbol: SymbolHistory,
  market: MarketDay,
  intraday: readonly IntradayInterval[],
  daily: boolean,
  progress: Progress,
): void {
  const { instrument, bars } = symbol;
  const key = hashString(instrument.symbol);
  const beta = instrument.beta;
  const idio = idiosyncraticVolatility(instrument);
  const totalVariance = (beta * MARKET_VOLATILITY) ** 2 + idio ** 2;
  const dailySigma = Math.sqrt(totalVariance / TRADING_DAYS_PER_YEAR);
  const logReference = Math.log(instrument.referencePrice);
  const pull = MEAN_REVERSION_PER_YEAR;
  const gapYears = overnightYears();
  const minuteYears = sessionYears(60);
  const logPrice = symbol.logPrice;

  const length = sessionMinutesOf(day);
  const dayYears = minuteYears * length;
  const rng = streamOf(seed, key, day, DAY_DRAWS);
  const gap =
    beta * market.gap + idio * Math.sqrt(gapYears) * rng.normal() + pull * (logReference - logPrice) * gapYears;
  const open = logPrice + gap;
  const session =
    beta * market.session + idio * Math.sqrt(dayYears) * rng.normal() + pull * (logReference - open) * dayYears;
  const high = bridgeHigh(session, totalVariance * dayYears, rng.nextPositive());
  const low = bridgeLow(session, totalVariance * dayYears, rng.nextPositive());
  const volume = dailyVolume(instrument.avgDailyVolume, Math.abs(gap + session) / dailySigma, rng.normal());

  if (!market.minutes) {
    if (daily) {
      bars['1D'].push({
        time: easternTime(day, 0),
        open: priceFromLog(open),
        high: priceFromLog(open + high),
        low: priceFromLog(open + low),
        close: priceFromLog(open + session),
        volume,
      });
    }
    symbol.logPrice = open + session;
    return;
  }

  const partial = progress !== null;
  const elapsedMinutes = progress ? progress.elapsed : SESSION_MINUTES;
  symbol.logPrice = simulateSession({
    day,
    length,
    minutes: partial ? Math.max(1, Math.ceil(elapsedMinutes)) : length,
    elapsed: partial ? elapsedMinutes : length,
    open,
    volume,
    beta,
    minuteVariance: totalVariance * minuteYears,
    market: market.minutes,
    idio: minuteSteps(
      streamOf(seed, key, day, MINUTE_STEPS),
      idio * Math.sqrt(minuteYears),
      length,
      partial ? null : session - beta * market.session,
    ),
    // Inside a complete session the pull is part of the bridge target; a partial one drifts explicitly.
    drift: partial ? pull * (logReference - open) * minuteYears : 0,
    details: streamOf(seed, key, day, MINUTE_DETAILS),
    rings: intraday.map((interval) => bars[interval]),
    sizes: intraday.map((interval) => INTERVAL_MINUTES[interval]),
    daily: daily ? bars['1D'] : undefined,
  });
}

interface SessionInput {
  day: number;
  /** Minutes in the session (390 or 210). */
  length: number;
  /** Minutes to simulate (the last one possibly partial) and minutes elapsed. */
  minutes: number;
  elapsed: number;
  open: number;
  volume: number;
  beta: number;
  minuteVariance: number;
  market: Float64Array;
  idio: Float64Array;
  drift: number;
  details: Rng;
  /** Intraday rings to accumulate into, with their bucket sizes in minutes. */
  rings: readonly CandleRing[];
  sizes: readonly number[];
  /** The daily ring, unless this day is older than the daily capacity. */
  daily: CandleRing | undefined;
}

/** Simulates one session minute by minute into the target rings; returns the final log price. */
function simulateSession(input: SessionInput): number {
  const { minutes, elapsed, beta, market, idio, drift, details, rings, sizes, daily, volume, minuteVariance } = input;
  const openTime = sessionOpenOf(input.day);
  const dayTime = easternTime(input.day, 0);
  const profile = minuteVolumeProfile(input.length);
  const minuteMs = MINUTE_MS;
  let p = input.open;
  let o = priceFromLog(p);
  for (let m = 0; m < minutes; m++) {
    const fraction = m + 1 <= elapsed ? 1 : Math.max(0, elapsed - m);
    const step = (beta * market[m]! + idio[m]!) * Math.sqrt(fraction) + drift * fraction;
    const variance = minuteVariance * fraction;
    const h = priceFromLog(p + bridgeHigh(step, variance, details.nextPositive()));
    const l = priceFromLog(p + bridgeLow(step, variance, details.nextPositive()));
    const v = Math.round(volume * profile[m]! * fraction * Math.exp(0.4 * details.normal() - 0.08));
    p += step;
    const c = priceFromLog(p);
    for (let r = 0; r < rings.length; r++) {
      const size = sizes[r]!;
      rings[r]!.accumulate(openTime + Math.floor(m / size) * size * minuteMs, o, h, l, c, v);
    }
    daily?.accumulate(dayTime, o, h, l, c, v);
    o = c;
  }
  return p;
}

/**
 * The minute steps of one session of `length` minutes: independent normals scaled by `sd`, shifted (a
 * Brownian bridge) so the first `length` sum exactly to `target` when one is given. A full session's 390
 * numbers are always drawn, so a partial or short session uses the same numbers a full one would.
 */
function minuteSteps(rng: Rng, sd: number, length: number, target: number | null): Float64Array {
  const full = SESSION_MINUTES;
  const steps = new Float64Array(full);
  let sum = 0;
  for (let m = 0; m < full; m++) {
    const x = sd * rng.normal();
    steps[m] = x;
    if (m < length) sum += x;
  }
  if (target !== null) {
    const shift = (sum - target) / length;
    for (let m = 0; m < length; m++) steps[m]! -= shift;
  }
  return steps;
}
