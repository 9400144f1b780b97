import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../market/calendar';
import type { Candle } from '../market/candle';
import { mulberry32 } from '../market/prng';
import {
  affordableQuantity,
  buyAndHold,
  runBacktest,
  wantedQuantity,
  type BarSignal,
  type BacktestInput,
} from './engine';

/** Bars from [open, high, low, close] rows, one a day. */
function bars(rows: readonly (readonly [number, number, number, number])[]): Candle[] {
  return rows.map(([open, high, low, close], i) => ({ time: i * DAY_MS, open, high, low, close, volume: 1000 }));
}

const none: BarSignal = { entry: false, exit: false, reason: '' };
const buy: BarSignal = { entry: true, exit: false, reason: 'cross up' };
const sell: BarSignal = { entry: false, exit: true, reason: 'cross down' };

function run(candles: Candle[], signals: BarSignal[], extra: Partial<BacktestInput> = {}) {
  return runBacktest({
    bars: candles,
    signals,
    capital: 10_000,
    sizing: { kind: 'fixedShares', shares: 10 },
    ...extra,
  });
}

const five = bars([
  [100, 101, 99, 100],
  [101, 103, 100, 102],
  [102, 104, 101, 103],
  [104, 105, 103, 104],
  [104, 105, 103, 105],
]);

describe('runBacktest: signals and fills', () => {
  it('acts on a signal at the next bar’s open and marks equity at each close', () => {
    const result = run(five, [buy, none, sell, none, none]);
    // Buy 10 at bar 1's open 101 (−1010); sell at bar 3's open 104 (+1040).
    expect(result.trades).toEqual([
      {
        entryIndex: 1,
        exitIndex: 3,
        entryTime: DAY_MS,
        exitTime: 3 * DAY_MS,
        entryPrice: 101,
        exitPrice: 104,
        quantity: 10,
        pnl: 30,
        return: 30 / 1010,
        holdingBars: 2, // held after the opens of bars 1 and 2; sold at bar 3's open
        holdingMs: 2 * DAY_MS,
        entryReason: 'cross up',
        exitReason: 'cross down',
        exitKind: 'signal',
      },
    ]);
    // cash 8990 after the buy: 8990 + 10 × 102, 8990 + 10 × 103, then 8990 + 1040 = 10030
    expect(Array.from(result.equity)).toEqual([10_000, 10_010, 10_020, 10_030, 10_030]);
    expect(Array.from(result.drawdown)).toEqual([0, 0, 0, 0, 0]);
    // 100 shares at bar 0's open 100, marked at the closes
    expect(Array.from(result.benchmark)).toEqual([10_000, 10_200, 10_300, 10_400, 10_500]);
    expect(result.barsInMarket).toBe(2);
    expect(result.exposure).toBe(0.4);
    expect(result.finalEquity).toBe(10_030);
  });

  it('applies slippage and commission against the trader on both fills', () => {
    const result = run(five, [buy, none, sell, none, none], {
      slippageBps: 10,
      commission: { perTrade: 1, perShare: 0.01 },
    });
    // buy: 10100 ¢ × 1.001 = 10110.1 → 10111 ¢; sell: 10400 × 0.999 = 10389.6 → 10389 ¢
    // commission each: $1 + 10 × $0.01 = $1.10
    // paid 10 × 101.11 + 1.10 = 1012.20; received 10 × 103.89 − 1.10 = 1037.80; pnl = 25.60
    const [trade] = result.trades;
    expect(trade).toMatchObject({ entryPrice: 101.11, exitPrice: 103.89 });
    expect(trade!.pnl).toBeCloseTo(25.6, 10);
    expect(trade!.return).toBeCloseTo(25.6 / 1012.2, 12);
    expect(result.finalEquity).toBeCloseTo(10_025.6, 10);
  });

  it('ignores an entry while holding, an exit while flat, an entry with an exit, and a signal on the last bar', () => {
    const both: BarSignal = { entry: true, exit: true, reason: 'both' };
    expect(run(five, [sell, both, none, none, buy]).trades).toEqual([]);
    const result = run(five, [buy, buy, buy, sell, none]);
    expect(result.trades.map((t) => [t.entryIndex, t.exitIndex, t.exitKind])).toEqual([[1, 4, 'signal']]);
  });

  it('sells a position still open after the last bar at its close', () => {
    const result = run(five, [none, none, buy, none, none]);
    // bought at bar 3's open 104, sold at bar 4's close 105
    expect(result.trades).toMatchObject([
      {
        entryIndex: 3,
        exitIndex: 4,
        exitPrice: 105,
        pnl: 10,
        holdingBars: 2,
        exitKind: 'endOfData',
        exitReason: 'End of data',
      },
    ]);
    expect(result.finalEquity).toBe(10_010);
  });

  it('re-enters after an exit when a new entry signal comes', () => {
    const result = run(five, [buy, sell, buy, none, none]);
    expect(result.trades.map((t) => [t.entryIndex, t.exitIndex])).toEqual([
      [1, 2],
      [3, 4],
    ]);
    // bars 1 and 3, 4 held after their opens
    expect(result.barsInMarket).toBe(3);
    expect(result.trades.reduce((sum, t) => sum + t.holdingBars, 0)).toBe(3);
  });
});

describe('runBacktest: protective exits', () => {
  const entryAt100 = (rest: (readonly [number, number, number, number])[]) =>
    bars([[100, 100, 100, 100], [100, 101, 99, 100], ...rest]);

  it('fills a stop loss at the stop, or at a lower open', () => {
    const stopped = run(entryAt100([[99, 100, 94, 96]]), [buy, none, none], { exits: { stopLossPercent: 5 } });
    expect(stopped.trades).toMatchObject([{ exitIndex: 2, exitPrice: 95, exitKind: 'stopLoss', holdingBars: 2 }]);
    const gapped = run(entryAt100([[93, 94, 92, 93]]), [buy, none, none], { exits: { stopLossPercent: 5 } });
    expect(gapped.trades).toMatchObject([{ exitPrice: 93, exitKind: 'stopLoss' }]);
  });

  it('checks the entry bar itself, after its open', () => {
    const candles = bars([
      [100, 100, 100, 100],
      [100, 101, 94, 96],
      [96, 97, 95, 96],
    ]);
    const result = run(candles, [buy, none, none], { exits: { stopLossPercent: 5 } });
    expect(result.trades).toMatchObject([{ entryIndex: 1, exitIndex: 1, exitPrice: 95, holdingBars: 1 }]);
    // 10 shares: −1000 + 950 → equity 9950 at bar 1's close
    expect(Array.from(result.equity)).toEqual([10_000, 9_950, 9_950]);
  });

  it('takes profit at the target, or at a higher open', () => {
    const exits = { stopLossPercent: 5, takeProfitPercent: 10 };
    const hit = run(entryAt100([[105, 111, 104, 108]]), [buy, none, none], { exits });
    expect(hit.trades).toMatchObject([{ exitPrice: 110, exitKind: 'takeProfit', exitReason: 'Take profit' }]);
    const gapped = run(entryAt100([[112, 113, 111, 112]]), [buy, none, none], { exits });
    expect(gapped.trades).toMatchObject([{ exitPrice: 112, exitKind: 'takeProfit' }]);
  });

  it('assumes the stop when the stop and the target are both reached inside one bar', () => {
    const exits = { stopLossPercent: 5, takeProfitPercent: 10 };
    const result = run(entryAt100([[100, 111, 94, 100]]), [buy, none, none], { exits });
    expect(result.trades).toMatchObject([{ exitPrice: 95, exitKind: 'stopLoss' }]);
    // opening at the target settles it: the open comes first
    const opened = run(entryAt100([[110, 111, 94, 100]]), [buy, none, none], { exits });
    expect(opened.trades).toMatchObject([{ exitPrice: 110, exitKind: 'takeProfit' }]);
  });

  it('trails the highest price seen before each bar', () => {
    const candles = bars([
      [100, 100, 100, 100],
      [100, 120, 99, 118], // entry 100: stop 90; the high 120 moves it to 108 from the next bar
      [117, 130, 112, 125], // stop 108 not reached (its own high 130 does not count yet); next stop 117
      [125, 126, 116, 118], // low 116 ≤ 117 → sold at 117
      [118, 119, 117, 118],
    ]);
    const result = run(candles, [buy, none, none, none, none], { exits: { trailingStopPercent: 10 } });
    expect(result.trades).toMatchObject([{ exitIndex: 3, exitPrice: 117, exitKind: 'trailingStop', holdingBars: 3 }]);
  });

  it('uses the highest of the stops and names it', () => {
    const candles = bars([
      [100, 100, 100, 100],
      [100, 110, 99, 108], // stop loss 90, trailing 5 % of 100 = 95; then trailing 104.5
      [106, 107, 104, 105],
    ]);
    const result = run(candles, [buy, none, none], { exits: { stopLossPercent: 10, trailingStopPercent: 5 } });
    expect(result.trades).toMatchObject([{ exitIndex: 2, exitPrice: 104.5, exitKind: 'trailingStop' }]);
  });
});

describe('runBacktest: sizing', () => {
  it('computes the wanted quantity of each sizing from the fill price and the equity', () => {
    const atr = [2, Number.NaN];
    expect(wantedQuantity({ kind: 'fixedShares', shares: 7 }, 0, 1_000_000, 10_100)).toBe(7);
    expect(wantedQuantity({ kind: 'fixedDollars', dollars: 1000 }, 0, 1_000_000, 10_100)).toBeCloseTo(100_000 / 10_100);
    // 50 % of $10,000 at $101 = 49.50…
    expect(wantedQuantity({ kind: 'percentOfEquity', percent: 50 }, 0, 1_000_000, 10_100)).toBeCloseTo(
      500_000 / 10_100,
    );
    // risk 1 % of $10,000 = $100 on a stop 2 × ATR 2 = $4 away: 25 shares
    const atrRisk = { kind: 'atrRisk', riskPercent: 1, atrMultiple: 2, atr } as const;
    expect(wantedQuantity(atrRisk, 0, 1_000_000, 10_100)).toBe(25);
    expect(wantedQuantity(atrRisk, 1, 1_000_000, 10_100)).toBe(0); // ATR still in warm-up
  });

  it('caps by the cash (price and commission) and rounds down to whole or fractional shares', () => {
    // $10,000 at $101: 99.0099… → 99
    expect(affordableQuantity(1000, 1_000_000, 10_100, {}, false)).toBe(99);
    // with $1 per trade: (1,000,000 − 100) / 10,100 = 99 exactly; with $1.01: 999,899 / 10,100 = 98.99 → 98
    expect(affordableQuantity(1000, 1_000_000, 10_100, { perTrade: 1 }, false)).toBe(99);
    expect(affordableQuantity(1000, 1_000_000, 10_100, { perTrade: 1.01 }, false)).toBe(98);
    // with $0.5 per share: 1,000,000 / (10,100 + 50) = 98.52 → 98
    expect(affordableQuantity(1000, 1_000_000, 10_100, { perShare: 0.5 }, false)).toBe(98);
    expect(affordableQuantity(49.504950495, 1_000_000, 10_100, {}, true)).toBe(49.50495);
    expect(affordableQuantity(3, 30, 10, {}, false)).toBe(3);
    expect(affordableQuantity(0.1 * 3 * 10, 30, 10, {}, false)).toBe(3); // 3.0000000000000004 or 2.999… → 3
    expect(affordableQuantity(5, 0, 10, {}, false)).toBe(0);
  });

  it('buys with the sizing at the entry and protects an ATR-risk trade with its stop', () => {
    const candles = bars([
      [100, 100, 100, 100],
      [101, 102, 100, 101], // buy at 101: 25 shares, ATR stop 101 − 4 = 97
      [100, 101, 96, 98], // low 96 ≤ 97 → sold at 97: −4 × 25 = −100 = 1 % of the equity
    ]);
    const result = run(candles, [buy, none, none], {
      sizing: { kind: 'atrRisk', riskPercent: 1, atrMultiple: 2, atr: [2, 2, 2] },
      exits: { stopLossPercent: 10 },
    });
    expect(result.trades).toMatchObject([{ quantity: 25, exitPrice: 97, pnl: -100, exitKind: 'atrStop' }]);
    const fixedDollars = run(candles, [buy, none, none], { sizing: { kind: 'fixedDollars', dollars: 1000 } });
    expect(fixedDollars.trades[0]!.quantity).toBe(9); // 1000 / 101 = 9.9
  });

  it('skips an entry it cannot size', () => {
    const result = run(five, [buy, none, none, none, none], {
      sizing: { kind: 'atrRisk', riskPercent: 1, atrMultiple: 2, atr: [Number.NaN, 1, 1, 1, 1] },
    });
    expect(result.trades).toEqual([]);
    expect(result.barsInMarket).toBe(0);
  });
});

describe('runBacktest: benchmark, consistency, validation', () => {
  it('buys and holds the capital from the first open with the same costs', () => {
    // (1,000,000 − 100) / 10,000 = 99.99 → 99 shares, cash 10,000 − 9,900 − 1 = $99
    expect(Array.from(buyAndHold(five, 10_000, { perTrade: 1 }, 0, false))).toEqual([
      99 + 9_900,
      99 + 99 * 102,
      99 + 99 * 103,
      99 + 99 * 104,
      99 + 99 * 105,
    ]);
    expect(buyAndHold([], 10_000, {}, 0, false).length).toBe(0);
  });

  function randomMarket(length: number, seed: number): { candles: Candle[]; signals: BarSignal[] } {
    const rng = mulberry32(seed);
    const random = () => rng.next();
    const candles: Candle[] = [];
    const signals: BarSignal[] = [];
    let price = 100;
    for (let i = 0; i < length; i++) {
      const open = Math.round(price * (1 + (random() - 0.5) * 0.02) * 100) / 100;
      const close = Math.round(open * (1 + (random() - 0.5) * 0.04) * 100) / 100;
      const high = Math.max(open, close) + Math.round(random() * 100) / 100;
      const low = Math.max(0.01, Math.min(open, close) - Math.round(random() * 100) / 100);
      candles.push({ time: i * DAY_MS, open, high, low, close, volume: 1 });
      const r = random();
      signals.push({ entry: r < 0.1, exit: r > 0.9, reason: String(i) });
      price = close;
    }
    return { candles, signals };
  }

  it('never looks ahead: bars after i do not change the equity before i', () => {
    const { candles, signals } = randomMarket(400, 7);
    const extra: Partial<BacktestInput> = {
      sizing: { kind: 'percentOfEquity', percent: 90 },
      exits: { stopLossPercent: 3, takeProfitPercent: 6, trailingStopPercent: 4 },
      commission: { perTrade: 1 },
      slippageBps: 5,
    };
    const full = run(candles, signals, extra);
    expect(full.trades.length).toBeGreaterThan(5);
    for (const cut of [50, 137, 300]) {
      const prefix = run(candles.slice(0, cut), signals.slice(0, cut), extra);
      // the prefix's last bar sells what is left at its close, so compare the bars before it
      expect(Array.from(prefix.equity.subarray(0, cut - 1))).toEqual(Array.from(full.equity.subarray(0, cut - 1)));
    }
  });

  it('adds the trades’ P&L up to the final equity minus the capital, and holding bars to barsInMarket', () => {
    const { candles, signals } = randomMarket(500, 11);
    const result = run(candles, signals, {
      sizing: { kind: 'percentOfEquity', percent: 100 },
      exits: { stopLossPercent: 2, trailingStopPercent: 3 },
      commission: { perTrade: 1, perShare: 0.005 },
      slippageBps: 3,
    });
    const pnl = result.trades.reduce((sum, t) => sum + Math.round(t.pnl * 100), 0);
    expect(Math.round(result.finalEquity * 100) - 1_000_000).toBe(pnl);
    expect(result.trades.reduce((sum, t) => sum + t.holdingBars, 0)).toBe(result.barsInMarket);
    for (const t of result.trades) expect(t.entryIndex).toBeGreaterThan(Number(t.entryReason));
  });

  it('rejects inputs of different lengths and no capital', () => {
    expect(() => run(five, [buy])).toThrow(RangeError);
    expect(() => run(five, [none, none, none, none, none], { capital: 0 })).toThrow(RangeError);
    expect(() =>
      run(five, [none, none, none, none, none], {
        sizing: { kind: 'atrRisk', riskPercent: 1, atrMultiple: 2, atr: [1] },
      }),
    ).toThrow(RangeError);
  });

  it('handles no bars', () => {
    const result = run([], []);
    expect(result.equity.length).toBe(0);
    expect(result.finalEquity).toBe(10_000);
    expect(result.exposure).toBe(0);
  });
});
