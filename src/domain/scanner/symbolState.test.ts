import { describe, expect, it } from 'vitest';
import { donchian, macd, rsi, sma } from '../indicators';
import { randomWalk } from '../indicators/fixtures';
import type { Ohlcv } from '../market/candle';
import { CrossTracker, SymbolScanState, type LiveSession } from './symbolState';

const walk = randomWalk(320, 11);
const bars: Ohlcv[] = Array.from(walk.close, (close, i) => ({
  time: i,
  open: walk.open[i]!,
  high: walk.high[i]!,
  low: walk.low[i]!,
  close,
  volume: 1_000_000 + i * 1_000,
}));

function live(day: number, price: number, previousClose: number, extra: Partial<LiveSession> = {}): LiveSession {
  return {
    day,
    price,
    open: previousClose,
    high: price,
    low: price,
    volume: 500_000,
    previousClose,
    change: price - previousClose,
    changePercent: ((price - previousClose) / previousClose) * 100,
    ...extra,
  };
}

describe('SymbolScanState', () => {
  it('has no snapshot before a live session is known', () => {
    expect(new SymbolScanState('AAA', 'Aaa', bars).snapshot).toBeNull();
  });

  it("today's snapshot equals the batch indicators over the history plus today's bar at the live price", () => {
    const state = new SymbolScanState('AAA', 'Aaa Corp', bars.slice(0, -1));
    const last = bars.at(-1)!;
    const previous = bars.at(-2)!.close;
    state.update(live(1, last.close, previous, { high: last.high, low: last.low, volume: last.volume }));
    const closes = bars.map((bar) => bar.close);
    const s = state.snapshot!;
    expect(s.rsi14).toBe(rsi(closes).at(-1));
    expect(s.macd).toBe(macd(closes).macd.at(-1));
    expect(s.macdSignal).toBe(macd(closes).signal.at(-1));
    expect(s.sma20).toBe(sma(closes, 20).at(-1));
    expect(s.sma50).toBe(sma(closes, 50).at(-1));
    expect(s.sma200).toBe(sma(closes, 200).at(-1));
    const history = bars.slice(0, -1);
    expect(s.averageVolume20).toBe(
      sma(
        history.map((bar) => bar.volume),
        20,
      ).at(-1),
    );
    expect(s.yearHigh).toBe(Math.max(...history.slice(-251).map((bar) => bar.high)));
    expect(s.yearLow).toBe(Math.min(...history.slice(-251).map((bar) => bar.low)));
    const channel = donchian(
      history.map((bar) => bar.high),
      history.map((bar) => bar.low),
      20,
    );
    expect(s.breakoutHigh).toBe(channel.upper.at(-1));
    expect(s.gapPercent).toBeCloseTo(0, 10);
    expect(s.relativeVolume).toBeCloseTo(last.volume / s.averageVolume20, 12);
  });

  it('a quote of a later session closes the current one; an older one is ignored', () => {
    const history = bars.slice(0, -2);
    const state = new SymbolScanState('AAA', 'Aaa', history);
    const dayOne = bars.at(-2)!;
    state.update(
      live(1, dayOne.close, history.at(-1)!.close, { high: dayOne.high, low: dayOne.low, volume: dayOne.volume }),
    );
    const dayTwo = bars.at(-1)!;
    state.update(live(2, dayTwo.close, dayOne.close, { high: dayTwo.high, low: dayTwo.low }));
    const closes = bars.map((bar) => bar.close);
    expect(state.snapshot!.rsi14).toBe(rsi(closes).at(-1));
    expect(state.snapshot!.averageVolume20).toBe(
      sma(
        bars.slice(0, -1).map((bar) => bar.volume),
        20,
      ).at(-1),
    );
    state.update(live(1, 1, 1));
    expect(state.snapshot!.price).toBe(dayTwo.close);
  });
});

describe('CrossTracker', () => {
  it('counts sessions since the side of the difference last changed', () => {
    const tracker = new CrossTracker();
    expect(tracker.peek(Number.NaN)).toEqual({ side: 0, age: Infinity });
    tracker.push(-1);
    expect(tracker).toMatchObject({ side: -1, age: Infinity });
    expect(tracker.peek(2)).toEqual({ side: 1, age: 0 });
    tracker.push(2);
    tracker.push(3);
    expect(tracker).toMatchObject({ side: 1, age: 1 });
    expect(tracker.peek(0)).toEqual({ side: -1, age: 0 });
  });
});
