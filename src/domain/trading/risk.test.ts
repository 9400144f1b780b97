import { describe, expect, it } from 'vitest';
import { ORDER_ERROR_TEXTS, orderErrorMessage, orderErrorText } from './orderErrors';
import { checkOrder, reservePriceCents, validQuantity, type OrderRequest, type RiskContext } from './risk';

const context: RiskContext = {
  knownSymbol: true,
  fractional: false,
  emergencyStop: false,
  liveNotAllowed: false,
  marketOpen: true,
  askCents: 5_000,
  buyingPowerCents: 100_000_00,
  commissionCents: 0,
  sellableQuantity: 0,
  heldQuantity: 0,
  maxPositionSizeCents: 1_000_00,
  dailyLossLimitCents: 500_00,
  dayPnLCents: 0,
  accountSizeAllocation: 100,
  equityCents: 100_000_00,
  investedCents: 0,
  assetType: 'stocks',
  assetPreferences: ['stocks', 'etfs'],
};

const buy: OrderRequest = {
  side: 'BUY',
  type: 'MARKET',
  timeInForce: 'DAY',
  quantity: 10,
  price: null,
  stopPrice: null,
};

const code = (request: Partial<OrderRequest>, overrides: Partial<RiskContext> = {}) => {
  const result = checkOrder({ ...buy, ...request }, { ...context, ...overrides });
  return result.ok ? 'ok' : result.code;
};

describe('checkOrder', () => {
  it('accepts an order within every limit and budgets a market buy at the ask', () => {
    expect(checkOrder(buy, context)).toEqual({ ok: true, reservePriceCents: 5_000 });
  });

  it('refuses with one stable code per rule', () => {
    expect(code({}, { emergencyStop: true })).toBe('emergency_stop');
    expect(code({}, { liveNotAllowed: true })).toBe('live_trading_not_allowed');
    expect(code({}, { knownSymbol: false })).toBe('unknown_symbol');
    expect(code({ quantity: 0 })).toBe('invalid_quantity');
    expect(code({ quantity: -1 })).toBe('invalid_quantity');
    expect(code({ quantity: 1.5 })).toBe('invalid_quantity');
    expect(code({ quantity: Number.NaN })).toBe('invalid_quantity');
    expect(code({ type: 'LIMIT' })).toBe('invalid_limit_price');
    expect(code({ type: 'LIMIT', price: -1 })).toBe('invalid_limit_price');
    expect(code({ type: 'LIMIT', price: 10.001 })).toBe('invalid_limit_price');
    expect(code({ type: 'STOP' })).toBe('invalid_stop_price');
    expect(code({ type: 'STOP_LIMIT', price: 50 })).toBe('invalid_stop_price');
    expect(code({ type: 'MARKET', price: 50 })).toBe('unexpected_price');
    expect(code({ timeInForce: 'IOC' }, { marketOpen: false })).toBe('market_closed');
    expect(code({ timeInForce: 'FOK' }, { marketOpen: false })).toBe('market_closed');
    expect(code({ side: 'SELL', quantity: 5 }, { sellableQuantity: 4 })).toBe('insufficient_position');
    expect(code({}, { buyingPowerCents: 49_999 })).toBe('insufficient_buying_power');
    expect(code({ quantity: 21 })).toBe('max_position_size_exceeded');
    expect(code({ quantity: 1 }, { heldQuantity: 20 })).toBe('max_position_size_exceeded');
    expect(code({}, { dayPnLCents: -500_01 })).toBe('daily_loss_limit_reached');
  });

  it('lets DAY and GTC orders wait while closed, sells pass the buy-only limits, and a loss of exactly the limit still buys', () => {
    expect(code({}, { marketOpen: false })).toBe('ok');
    expect(code({ side: 'SELL', quantity: 4 }, { sellableQuantity: 4, dayPnLCents: -10_000_00 })).toBe('ok');
    expect(code({}, { dayPnLCents: -500_00 })).toBe('ok');
    expect(code({ quantity: 20 })).toBe('ok');
  });

  it('names the limit a buy exceeds', () => {
    expect(checkOrder({ ...buy, quantity: 21 }, context)).toEqual({
      ok: false,
      code: 'max_position_size_exceeded',
      limit: { cents: 1_000_00 },
    });
    expect(checkOrder(buy, { ...context, dayPnLCents: -600_00 })).toEqual({
      ok: false,
      code: 'daily_loss_limit_reached',
      limit: { cents: 500_00 },
    });
  });

  it('refuses buys of an asset type the user excluded, but lets them sell it', () => {
    const etfsOnly = { assetPreferences: ['etfs' as const] };
    expect(checkOrder(buy, { ...context, ...etfsOnly })).toEqual({
      ok: false,
      code: 'asset_type_excluded',
      limit: { assetType: 'stocks' },
    });
    expect(code({}, { ...etfsOnly, assetType: 'etfs' })).toBe('ok');
    expect(code({ side: 'SELL', quantity: 1 }, { ...etfsOnly, sellableQuantity: 1 })).toBe('ok');
  });

  it('keeps what a buy leaves invested within the allocation of the equity', () => {
    // $10,000 equity at 50%: $4,600 invested (positions and working buys) leaves room for $400, not $500.
    const half = { accountSizeAllocation: 50, equityCents: 10_000_00, investedCents: 4_600_00 };
    expect(checkOrder({ ...buy, quantity: 10 }, { ...context, ...half })).toEqual({
      ok: false,
      code: 'allocation_exceeded',
      limit: { percent: 50 },
    });
    expect(code({ quantity: 8 }, half)).toBe('ok');
    // At 100% whatever the buying power allows fits.
    expect(code({ quantity: 20 }, { equityCents: 1_000_00, investedCents: 0, buyingPowerCents: 1_000_00 })).toBe('ok');
    expect(code({ side: 'SELL', quantity: 1 }, { ...half, investedCents: 9_000_00, sellableQuantity: 1 })).toBe('ok');
  });

  it('counts the commission in the buying power needed', () => {
    expect(code({}, { buyingPowerCents: 50_000, commissionCents: 1 })).toBe('insufficient_buying_power');
  });

  it('accepts fractional quantities only when enabled', () => {
    expect(code({ quantity: 0.5 }, { fractional: true })).toBe('ok');
    expect(code({ quantity: 0.0000001 }, { fractional: true })).toBe('invalid_fractional_quantity');
    expect(validQuantity(2, false)).toBe(true);
    expect(validQuantity(2.5, false)).toBe(false);
  });

  it('budgets limit orders at the limit and stop buys at the higher of ask and stop', () => {
    expect(reservePriceCents({ type: 'LIMIT', price: 45.5, stopPrice: null }, 5_000)).toBe(4_550);
    expect(reservePriceCents({ type: 'STOP', price: null, stopPrice: 55 }, 5_000)).toBe(5_500);
    expect(reservePriceCents({ type: 'STOP', price: null, stopPrice: 45 }, 5_000)).toBe(5_000);
    expect(reservePriceCents({ type: 'STOP_LIMIT', price: 56, stopPrice: 55 }, 5_000)).toBe(5_600);
  });
});

describe('order error texts', () => {
  it('has a text for every code and none for other codes', () => {
    expect(orderErrorText('insufficient_buying_power')).toBe(ORDER_ERROR_TEXTS.insufficient_buying_power);
    expect(orderErrorText('BAD_USER_INPUT')).toBeNull();
    expect(orderErrorText(undefined)).toBeNull();
  });

  it('names the limit and its value', () => {
    expect(orderErrorMessage('max_position_size_exceeded', { cents: 1_000_00 })).toBe(
      'Order exceeds your max position size of $1,000.00.',
    );
    expect(orderErrorMessage('daily_loss_limit_reached', { cents: 250_00 })).toBe(
      "Today's loss has reached your daily loss limit of $250.00: new buy orders are blocked.",
    );
    expect(orderErrorMessage('allocation_exceeded', { percent: 75 })).toBe(
      "Order exceeds your account size allocation of 75% of the account's equity.",
    );
    expect(orderErrorMessage('asset_type_excluded', { assetType: 'etfs' })).toBe(
      'ETFs are excluded by your asset preferences.',
    );
    expect(orderErrorMessage('insufficient_buying_power')).toBe(ORDER_ERROR_TEXTS.insufficient_buying_power);
  });
});
