import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ORDER_TYPES, TIME_IN_FORCE } from './orderTypes';
import {
  actsOnQuote,
  availableQuantity,
  CLOSED_REASON,
  decideFill,
  FOK_UNFILLED_REASON,
  IOC_UNFILLED_REASON,
  type WorkingOrder,
} from './fills';

const quote = { bidCents: 9_990, askCents: 10_010 }; // $99.90 / $100.10

function order(overrides: Partial<WorkingOrder>): WorkingOrder {
  return {
    side: 'BUY',
    type: 'MARKET',
    timeInForce: 'DAY',
    remaining: 10,
    limitCents: null,
    stopCents: null,
    triggered: false,
    ...overrides,
  };
}

describe('decideFill', () => {
  it('fills market orders at the ask when buying and at the bid when selling', () => {
    expect(decideFill(order({}), quote, true, 1000)).toEqual({
      kind: 'fill',
      quantity: 10,
      priceCents: 10_010,
      triggered: false,
      rest: 'keep',
    });
    expect(decideFill(order({ side: 'SELL' }), quote, true, 1000)).toMatchObject({ kind: 'fill', priceCents: 9_990 });
  });

  it('lets DAY and GTC orders wait while the market is closed, and cancels IOC and FOK', () => {
    expect(decideFill(order({}), quote, false, 1000)).toEqual({ kind: 'wait', triggered: false });
    expect(decideFill(order({ timeInForce: 'GTC' }), quote, false, 1000)).toEqual({ kind: 'wait', triggered: false });
    expect(decideFill(order({ timeInForce: 'IOC' }), quote, false, 1000)).toMatchObject({
      kind: 'cancel',
      reason: CLOSED_REASON,
    });
    expect(decideFill(order({ timeInForce: 'FOK' }), quote, false, 1000)).toMatchObject({ kind: 'cancel' });
  });

  it('fills a buy limit only when the ask is at or below the limit, at the ask', () => {
    expect(decideFill(order({ type: 'LIMIT', limitCents: 10_009 }), quote, true, 1000)).toEqual({
      kind: 'wait',
      triggered: false,
    });
    expect(decideFill(order({ type: 'LIMIT', limitCents: 10_010 }), quote, true, 1000)).toMatchObject({
      kind: 'fill',
      priceCents: 10_010,
    });
    expect(decideFill(order({ type: 'LIMIT', limitCents: 10_500 }), quote, true, 1000)).toMatchObject({
      kind: 'fill',
      priceCents: 10_010,
    });
  });

  it('fills a sell limit only when the bid is at or above the limit, at the bid', () => {
    const sell = { side: 'SELL' as const, type: 'LIMIT' as const };
    expect(decideFill(order({ ...sell, limitCents: 9_991 }), quote, true, 1000).kind).toBe('wait');
    expect(decideFill(order({ ...sell, limitCents: 9_900 }), quote, true, 1000)).toMatchObject({
      kind: 'fill',
      priceCents: 9_990,
    });
  });

  it('triggers a buy stop when the ask reaches the stop, then fills it as a market order', () => {
    const stop = order({ type: 'STOP', stopCents: 10_050 });
    expect(decideFill(stop, quote, true, 1000)).toEqual({ kind: 'wait', triggered: false });
    expect(decideFill(stop, { bidCents: 10_040, askCents: 10_060 }, true, 1000)).toEqual({
      kind: 'fill',
      quantity: 10,
      priceCents: 10_060,
      triggered: true,
      rest: 'keep',
    });
  });

  it('triggers a sell stop when the bid falls to the stop', () => {
    const stop = order({ side: 'SELL', type: 'STOP', stopCents: 9_950 });
    expect(decideFill(stop, quote, true, 1000).kind).toBe('wait');
    expect(decideFill(stop, { bidCents: 9_940, askCents: 9_960 }, true, 1000)).toMatchObject({
      kind: 'fill',
      priceCents: 9_940,
      triggered: true,
    });
  });

  it('turns a triggered stop-limit into a limit order that stays triggered', () => {
    const stopLimit = order({ type: 'STOP_LIMIT', stopCents: 10_050, limitCents: 10_055 });
    // The ask jumps past the limit: triggered, but not marketable.
    const gap = decideFill(stopLimit, { bidCents: 10_070, askCents: 10_080 }, true, 1000);
    expect(gap).toEqual({ kind: 'wait', triggered: true });
    // Later the ask falls below the stop again: the order is still triggered and now fills at its limit or better.
    expect(decideFill({ ...stopLimit, triggered: true }, quote, true, 1000)).toMatchObject({
      kind: 'fill',
      priceCents: 10_010,
      triggered: true,
    });
  });

  it('fills at most the available quantity and keeps the rest working for DAY and GTC', () => {
    expect(decideFill(order({ remaining: 250 }), quote, true, 100)).toMatchObject({
      kind: 'fill',
      quantity: 100,
      rest: 'keep',
    });
  });

  it('IOC fills what it can at once and cancels the rest, or cancels when not marketable', () => {
    expect(decideFill(order({ timeInForce: 'IOC', remaining: 250 }), quote, true, 100)).toMatchObject({
      kind: 'fill',
      quantity: 100,
      rest: 'cancel',
    });
    expect(decideFill(order({ timeInForce: 'IOC', remaining: 50 }), quote, true, 100)).toMatchObject({
      kind: 'fill',
      quantity: 50,
      rest: 'keep',
    });
    expect(decideFill(order({ timeInForce: 'IOC', type: 'LIMIT', limitCents: 9_000 }), quote, true, 100)).toEqual({
      kind: 'cancel',
      triggered: false,
      reason: IOC_UNFILLED_REASON,
    });
  });

  it('FOK fills completely at once or is cancelled without any fill', () => {
    expect(decideFill(order({ timeInForce: 'FOK', remaining: 100 }), quote, true, 100)).toMatchObject({
      kind: 'fill',
      quantity: 100,
    });
    expect(decideFill(order({ timeInForce: 'FOK', remaining: 101 }), quote, true, 100)).toEqual({
      kind: 'cancel',
      triggered: false,
      reason: FOK_UNFILLED_REASON,
    });
    expect(
      decideFill(order({ timeInForce: 'FOK', type: 'LIMIT', limitCents: 9_000 }), quote, true, 1000),
    ).toMatchObject({
      kind: 'cancel',
      reason: FOK_UNFILLED_REASON,
    });
  });
});

describe('actsOnQuote', () => {
  const cents = fc.integer({ min: 9_900, max: 10_100 });
  const working = fc.record({
    side: fc.constantFrom('BUY' as const, 'SELL' as const),
    type: fc.constantFrom(...ORDER_TYPES),
    timeInForce: fc.constantFrom(...TIME_IN_FORCE),
    remaining: fc.integer({ min: 1, max: 500 }),
    limitCents: fc.option(cents),
    stopCents: fc.option(cents),
    triggered: fc.boolean(),
  });
  const quotes = fc
    .tuple(cents, fc.integer({ min: 1, max: 40 }))
    .map(([bidCents, spread]) => ({ bidCents, askCents: bidCents + spread }));

  it('is true exactly when decideFill (open market, shares on offer) fills, ends or triggers the order', () => {
    fc.assert(
      fc.property(working, quotes, fc.integer({ min: 1, max: 1000 }), (o, q, available) => {
        const decision = decideFill(o, q, true, available);
        const acts = decision.kind !== 'wait' || decision.triggered !== o.triggered;
        expect(actsOnQuote(o, q)).toBe(acts);
      }),
      { numRuns: 5000 },
    );
  });

  it('covers every order decideFill changes when no shares are on offer (then only stops trigger)', () => {
    fc.assert(
      fc.property(working, quotes, (o, q) => {
        const decision = decideFill(o, q, true, 0);
        if (decision.kind !== 'wait' || decision.triggered !== o.triggered) expect(actsOnQuote(o, q)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('availableQuantity', () => {
  it('offers a tenth of an average minute of volume per quote, at least 100 shares', () => {
    expect(availableQuantity(39_000_000)).toBe(10_000);
    expect(availableQuantity(1000)).toBe(100);
  });
});
