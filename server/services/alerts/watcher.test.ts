import { describe, expect, it } from 'vitest';
import { findInstrument } from '../../../src/domain/market/universe';
import { createAlertWatcher, type FiredAlert } from './watcher';
import { SimulatedMarket } from '../market/simulator';

const START = Date.parse('2026-11-18T16:00:00Z');
const instruments = ['AAPL', 'KO', 'MSFT'].map((s) => findInstrument(s)!);
const silent = { error: () => undefined };

interface StoredAlert extends FiredAlert {
  active: boolean;
}

/** An in-memory alert store with the crossing rule, standing in for the alerts service. */
function alertStore(alerts: StoredAlert[]) {
  const evaluations: { symbol: string; price: number }[] = [];
  const notified: string[] = [];
  let gate: Promise<void> | undefined;
  return {
    evaluations,
    notified,
    hold(promise: Promise<void>) {
      gate = promise;
    },
    ports: {
      activeSymbols: async () => alerts.filter((a) => a.active).map((a) => a.symbol),
      evaluate: async (symbol: string, price: number) => {
        evaluations.push({ symbol, price });
        if (gate) await gate;
        const fired = alerts.filter(
          (a) =>
            a.active &&
            a.symbol === symbol &&
            (a.condition === 'above' ? price >= a.triggerPrice : price <= a.triggerPrice),
        );
        for (const a of fired) Object.assign(a, { active: false, currentPrice: price });
        return fired;
      },
      notify: async (alert: FiredAlert) => {
        notified.push(alert.id);
      },
    },
  };
}

const alert = (id: string, symbol: string, condition: string, triggerPrice: number): StoredAlert => ({
  id,
  userId: 'u',
  symbol,
  condition,
  triggerPrice,
  currentPrice: null,
  message: '',
  active: true,
});

describe('alert watcher', () => {
  it('watches only symbols with active alerts and evaluates them on every tick', async () => {
    const market = new SimulatedMarket({ seed: 'alerts', now: START, alwaysOpen: true, instruments });
    const store = alertStore([alert('a1', 'AAPL', 'above', 1e9)]);
    const watcher = createAlertWatcher(market, store.ports, silent);
    await watcher.refresh();
    expect(watcher.watched()).toEqual(['AAPL']);
    market.tick(START + 1000);
    await watcher.idle();
    market.tick(START + 2000);
    await watcher.idle();
    expect(store.evaluations).toEqual([
      { symbol: 'AAPL', price: expect.any(Number) },
      { symbol: 'AAPL', price: market.getQuote('AAPL')!.price },
    ]);
    watcher.stop();
  });

  it('fires a crossed alert once, notifies, and stops watching the symbol', async () => {
    const market = new SimulatedMarket({ seed: 'alerts', now: START, alwaysOpen: true, instruments });
    const price = market.getQuote('KO')!.price;
    const store = alertStore([alert('k1', 'KO', 'above', price - 5), alert('k2', 'KO', 'below', price - 50)]);
    const watcher = createAlertWatcher(market, store.ports, silent);
    await watcher.refresh();
    market.tick(START + 1000);
    await watcher.idle();
    expect(store.notified).toEqual(['k1']);
    expect(watcher.watched()).toEqual(['KO']); // k2 is still active
    watcher.stop();
  });

  it('coalesces ticks that arrive during an evaluation into one more at the newest price', async () => {
    const market = new SimulatedMarket({ seed: 'alerts', now: START, alwaysOpen: true, instruments });
    const store = alertStore([alert('m1', 'MSFT', 'below', 1)]);
    const watcher = createAlertWatcher(market, store.ports, silent);
    await watcher.refresh();
    let release = () => undefined as void;
    store.hold(new Promise<void>((resolve) => (release = resolve)));
    for (let s = 1; s <= 5; s++) market.tick(START + s * 1000);
    release();
    await watcher.idle();
    expect(store.evaluations).toHaveLength(2);
    expect(store.evaluations[1]!.price).toBe(market.getQuote('MSFT')!.price);
    watcher.stop();
  });
});
