import type { Candle } from '../../../src/domain/market/candle';
import { easternDayNumber } from '../../../src/domain/market/calendar';
import { TRADING_DAYS_PER_YEAR } from '../../../src/domain/market/model';
import type { Instrument } from '../../../src/domain/market/universe';
import { shortName } from '../../../src/domain/news/symbols';
import type { MarketDataProvider } from '../market/provider';
import type { NewsProvider, NewsQuery, RawNewsItem } from './provider';

/**
 * The embedded news provider: stories written from the simulated market's own daily bars, so headlines agree
 * with the prices a user sees and are the same for the same seed (the bars are).
 *
 * Events over the last LOOKBACK_DAYS completed daily bars:
 * - Earnings day: each stock reports every EARNINGS_EVERY sessions, on a day fixed by its symbol's hash;
 *   "beats" on an up day, "misses" on a down day, "in line" when it moved less than IN_LINE_MOVE.
 * - Large move: a stock's daily return beyond LARGE_MOVE_SIGMAS of its own daily volatility.
 * - Sector move: the average return of a sector's stocks beyond SECTOR_MOVE (sectors of MIN_SECTOR_MEMBERS stocks
 *   or more; tagged with every stock of it).
 * - Index day: SPY's return beyond INDEX_MOVE (tagged SPY, QQQ, DIA, IWM).
 * Stories are dated at that session's close (the bar's start, midnight New York time, + 16 h), and their url is `simulator:news/<id>`
 * (no web page: the UI shows no link for it).
 */
export const LOOKBACK_DAYS = 30;
export const EARNINGS_EVERY = 63;
export const LARGE_MOVE_SIGMAS = 2;
export const SECTOR_MOVE = 0.02;
/** An earnings day moving less than this either way reads as results in line with estimates. */
export const IN_LINE_MOVE = 0.005;
export const INDEX_MOVE = 0.01;
export const MIN_SECTOR_MEMBERS = 3;
// a daily bar starts at midnight New York time; the close is at 16:00 there
const CLOSE_OFFSET_MS = 16 * 3600_000;
const INDEX_ETFS = ['SPY', 'QQQ', 'DIA', 'IWM'];

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

function pct(r: number): string {
  return `${(Math.abs(r) * 100).toFixed(1)}%`;
}

interface Day {
  time: number;
  ret: number;
  close: number;
  /** Sessions since an arbitrary origin (the bar's day number), for the earnings calendar. */
  dayNumber: number;
}

function days(candles: Candle[]): Day[] {
  const out: Day[] = [];
  // the last bar may still be forming: only completed sessions make news
  for (let i = 1; i < candles.length - 1; i++) {
    const prev = candles[i - 1]!;
    const bar = candles[i]!;
    out.push({
      time: bar.time,
      ret: bar.close / prev.close - 1,
      close: bar.close,
      dayNumber: Math.floor(bar.time / 86_400_000),
    });
  }
  return out;
}

function item(
  id: string,
  time: number,
  headline: string,
  summary: string,
  symbols: string[],
  category: RawNewsItem['category'],
): RawNewsItem {
  return {
    id,
    headline,
    summary,
    url: `simulator:news/${id}`,
    source: 'Market Simulator',
    publishedAt: time + CLOSE_OFFSET_MS,
    symbols,
    category,
  };
}

/** An earnings day's headline and summary: a beat on a clear up day, a miss on a clear down day, else in line. */
function earningsText(name: string, symbol: string, day: Day): [string, string] {
  const close = `closed at $${day.close.toFixed(2)}`;
  if (day.ret >= IN_LINE_MOVE) {
    return [
      `${name} beats estimates, shares rise ${pct(day.ret)}`,
      `${symbol} reported quarterly results ahead of expectations and ${close}.`,
    ];
  }
  if (day.ret <= -IN_LINE_MOVE) {
    return [
      `${name} misses estimates, shares fall ${pct(day.ret)}`,
      `${symbol} reported quarterly results below expectations and ${close}.`,
    ];
  }
  return [`${name} reports quarterly results in line with estimates`, `${symbol} ${close}, little changed on the day.`];
}

function stockStories(instrument: Instrument, history: Day[]): RawNewsItem[] {
  const { symbol } = instrument;
  const name = shortName(instrument.name);
  const dailyVol = instrument.volatility / Math.sqrt(TRADING_DAYS_PER_YEAR);
  const earningsDay = hash(symbol) % EARNINGS_EVERY;
  const stories: RawNewsItem[] = [];
  for (const day of history) {
    const up = day.ret >= 0;
    const date = new Date(day.time).toISOString().slice(0, 10);
    if (instrument.type === 'stock' && day.dayNumber % EARNINGS_EVERY === earningsDay) {
      stories.push(
        item(`${symbol}-earnings-${date}`, day.time, ...earningsText(name, symbol, day), [symbol], 'EARNINGS'),
      );
    } else if (Math.abs(day.ret) >= LARGE_MOVE_SIGMAS * dailyVol) {
      stories.push(
        item(
          `${symbol}-move-${date}`,
          day.time,
          up ? `${name} shares surge ${pct(day.ret)}` : `${name} shares tumble ${pct(day.ret)}`,
          `${symbol} closed at $${day.close.toFixed(2)}, its largest ${up ? 'gain' : 'drop'} in weeks on heavy volume.`,
          [symbol],
          'MOVERS',
        ),
      );
    }
  }
  return stories;
}

function groupStories(instruments: readonly Instrument[], histories: Map<string, Day[]>): RawNewsItem[] {
  const stories: RawNewsItem[] = [];
  const sectors = new Map<string, Instrument[]>();
  for (const i of instruments) if (i.type === 'stock') sectors.set(i.sector, [...(sectors.get(i.sector) ?? []), i]);
  for (const [sector, members] of sectors) if (members.length < MIN_SECTOR_MEMBERS) sectors.delete(sector);
  for (const [sector, members] of sectors) {
    const series = members.map((m) => histories.get(m.symbol) ?? []);
    const length = Math.min(...series.map((s) => s.length));
    for (let k = 0; k < length; k++) {
      const ret = series.reduce((sum, s) => sum + s[s.length - length + k]!.ret, 0) / series.length;
      if (Math.abs(ret) < SECTOR_MOVE) continue;
      const time = series[0]![series[0]!.length - length + k]!.time;
      const date = new Date(time).toISOString().slice(0, 10);
      stories.push(
        item(
          `sector-${sector.replace(/\W+/g, '-')}-${date}`,
          time,
          `${sector} stocks ${ret > 0 ? 'rally' : 'slump'} ${pct(ret)} as a group`,
          `The ${members.length} ${sector} names tracked moved ${ret > 0 ? 'higher' : 'lower'} together.`,
          members.map((m) => m.symbol),
          'SECTOR',
        ),
      );
    }
  }
  for (const day of histories.get('SPY') ?? []) {
    if (Math.abs(day.ret) < INDEX_MOVE) continue;
    const date = new Date(day.time).toISOString().slice(0, 10);
    stories.push(
      item(
        `index-${date}`,
        day.time,
        day.ret > 0 ? `Stocks rally, S&P 500 gains ${pct(day.ret)}` : `Stocks fall, S&P 500 drops ${pct(day.ret)}`,
        `SPY closed at $${day.close.toFixed(2)}; the broad market moved ${day.ret > 0 ? 'higher' : 'lower'} across sectors.`,
        INDEX_ETFS.filter((s) => histories.has(s)),
        'MARKET',
      ),
    );
  }
  return stories;
}

/** The symbol whose daily bars mark a completed session for the live stories. */
const SESSION_SYMBOL = 'SPY';

export class SimulatedNews implements NewsProvider {
  readonly name = 'simulator';

  /** `onError`: writing a completed session's live stories failed (they are not sent). */
  constructor(
    private readonly market: MarketDataProvider,
    private readonly onError?: (error: unknown) => void,
  ) {}

  /**
   * The stories of each session as it completes: at SPY's first quote of a later New York day (that session's daily
   * bar is then final, so list() writes its stories), `listener` gets the stories of the session, oldest first.
   * The day is the quote's own, so the order of the market's quotes decides, whenever the stories are written.
   */
  subscribe(listener: (item: RawNewsItem) => void): () => void {
    let lastDay: number | undefined;
    let sending = Promise.resolve();
    const send = async (day: number) => {
      const stories = await this.list({ symbols: [], limit: 0 });
      for (const story of stories.filter((s) => easternDayNumber(s.publishedAt) === day).reverse()) listener(story);
    };
    return this.market.subscribe([SESSION_SYMBOL], (quote) => {
      const day = easternDayNumber(quote.timestamp);
      if (lastDay !== undefined && day > lastDay) {
        const completed = lastDay;
        sending = sending.then(() => send(completed)).catch((error: unknown) => this.onError?.(error));
      }
      lastDay = Math.max(day, lastDay ?? day);
    });
  }

  async list(_query: NewsQuery): Promise<RawNewsItem[]> {
    const instruments = await this.market.getInstruments();
    const histories = new Map<string, Day[]>();
    for (const instrument of instruments) {
      histories.set(instrument.symbol, days(await this.market.getCandles(instrument.symbol, '1D', LOOKBACK_DAYS + 2)));
    }
    const stories = [
      ...instruments.flatMap((i) => stockStories(i, histories.get(i.symbol) ?? [])),
      ...groupStories(instruments, histories),
    ];
    return stories.sort((a, b) => b.publishedAt - a.publishedAt || a.id.localeCompare(b.id));
  }
}
