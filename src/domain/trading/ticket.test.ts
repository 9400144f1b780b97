import { describe, expect, it } from 'vitest';
import { ORDER_ERROR_TEXTS } from './orderErrors';
import { checkTicket, estimatedCost, parsePositive, type TicketContext, type TicketDraft } from './ticket';

const draft = (overrides: Partial<TicketDraft> = {}): TicketDraft => ({
  symbol: 'aapl',
  side: 'BUY',
  type: 'MARKET',
  quantity: '10',
  limitPrice: '',
  stopPrice: '',
  timeInForce: 'DAY',
  ...overrides,
});
const context = (overrides: Partial<TicketContext> = {}): TicketContext => ({
  currentPrice: 161.23,
  buyingPower: 100_000,
  heldQuantity: 0,
  maxPositionSize: null,
  ...overrides,
});

describe('parsePositive', () => {
  it('reads positive decimals and refuses the rest', () => {
    expect(parsePositive('10')).toBe(10);
    expect(parsePositive(' 12.5 ')).toBe(12.5);
    expect(parsePositive('.5')).toBe(0.5);
    expect(parsePositive('0')).toBeNull();
    expect(parsePositive('-3')).toBeNull();
    expect(parsePositive('1e3')).toBeNull();
    expect(parsePositive('abc')).toBeNull();
    expect(parsePositive('')).toBeNull();
  });
});

describe('estimatedCost', () => {
  it('multiplies in cents, so no float dust appears', () => {
    expect(estimatedCost(161.23, 10)).toBe(1612.3);
    expect(estimatedCost(0.1, 3)).toBe(0.3);
  });
});

describe('checkTicket', () => {
  it('a market buy uses the current price and is sent upper-cased', () => {
    const check = checkTicket(draft(), context());
    expect(check.errors).toEqual({});
    expect(check.estimatedCost).toBe(1612.3);
    expect(check.order).toEqual({
      symbol: 'AAPL',
      side: 'BUY',
      type: 'MARKET',
      quantity: 10,
      price: null,
      stopPrice: null,
      timeInForce: 'DAY',
    });
  });

  it('quantity must be a positive whole number', () => {
    expect(checkTicket(draft({ quantity: '0' }), context()).errors.quantity).toBe(ORDER_ERROR_TEXTS.invalid_quantity);
    expect(checkTicket(draft({ quantity: '' }), context()).errors.quantity).toBe(ORDER_ERROR_TEXTS.invalid_quantity);
    expect(checkTicket(draft({ quantity: '1.5' }), context()).errors.quantity).toBe(ORDER_ERROR_TEXTS.invalid_quantity);
    expect(checkTicket(draft({ quantity: '1.5' }), context()).order).toBeNull();
  });

  it('limit and stop prices are required by their order types and drive the estimate', () => {
    expect(checkTicket(draft({ type: 'LIMIT' }), context()).errors).toEqual({
      limitPrice: ORDER_ERROR_TEXTS.invalid_limit_price,
    });
    expect(checkTicket(draft({ type: 'STOP' }), context()).errors).toEqual({
      stopPrice: ORDER_ERROR_TEXTS.invalid_stop_price,
    });
    expect(checkTicket(draft({ type: 'STOP_LIMIT', stopPrice: '150' }), context()).errors).toEqual({
      limitPrice: ORDER_ERROR_TEXTS.invalid_limit_price,
    });
    const limit = checkTicket(draft({ type: 'LIMIT', limitPrice: '150' }), context());
    expect(limit.estimatedCost).toBe(1500);
    expect(limit.order?.price).toBe(150);
    const stop = checkTicket(draft({ type: 'STOP', stopPrice: '170', limitPrice: '999' }), context());
    expect(stop.estimatedCost).toBe(1700);
    expect(stop.order).toMatchObject({ price: null, stopPrice: 170 });
  });

  it('a buy larger than the buying power is refused with both amounts', () => {
    const check = checkTicket(draft({ quantity: '1000' }), context({ buyingPower: 5_000 }));
    expect(check.errors.account).toBe(
      'Insufficient buying power for this order. It needs about $161,230.00; you have $5,000.00.',
    );
    expect(check.order).toBeNull();
  });

  it('buying power is left to the server while unknown; without a quote there is no estimate', () => {
    expect(checkTicket(draft(), context({ buyingPower: null })).order).not.toBeNull();
    const noQuote = checkTicket(draft(), context({ currentPrice: null }));
    expect(noQuote.estimatedCost).toBeNull();
    expect(noQuote.order).not.toBeNull();
  });

  it('a sell cannot exceed the shares held (no shorting)', () => {
    expect(checkTicket(draft({ side: 'SELL' }), context()).errors.account).toBe(ORDER_ERROR_TEXTS.no_position);
    expect(checkTicket(draft({ side: 'SELL', quantity: '20' }), context({ heldQuantity: 10 })).errors.account).toBe(
      `${ORDER_ERROR_TEXTS.insufficient_position} You hold 10 shares of AAPL.`,
    );
    expect(checkTicket(draft({ side: 'SELL' }), context({ heldQuantity: 10 })).order?.side).toBe('SELL');
  });
});

describe('checkTicket: maximum position size', () => {
  it('refuses a buy that makes the position worth more than the maximum, counting shares held', () => {
    expect(checkTicket(draft({ quantity: '6' }), context({ maxPositionSize: 1000 })).order).not.toBeNull();
    const check = checkTicket(draft({ quantity: '2' }), context({ maxPositionSize: 1000, heldQuantity: 5 }));
    expect(check.errors.account).toBe(
      `${ORDER_ERROR_TEXTS.max_position_size_exceeded} It would be worth about $1,128.61; the maximum is $1,000.00.`,
    );
    expect(
      checkTicket(draft({ side: 'SELL', quantity: '2' }), context({ maxPositionSize: 1, heldQuantity: 5 })).order,
    ).not.toBeNull();
  });
});
