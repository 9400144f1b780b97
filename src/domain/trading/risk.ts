/**
 * Checks an order must pass before the paper broker accepts it (pure; the first failing rule wins, in the
 * order below). Amounts in integer cents. The limits are the user's trading parameters (./parameters.ts):
 * - asset preferences: a buy of an asset type the user excluded is refused (selling what is held is not);
 * - daily loss limit: once today's loss exceeds it, buys are refused (sells are not);
 * - max position size: the position's value after a buy, at the price it is budgeted at, may not exceed it;
 * - account size allocation: what a buy leaves invested (the positions' market value, plus the cash reserved by
 *   working buys, plus this buy's cost) may not exceed that percentage of the account's equity (cash plus the
 *   positions' market value). At 100% it never refuses what the buying power allows.
 * A refusal for a limit carries the limit (`limit`: cents, a percentage, or the asset type) for its message
 * (./orderErrors.ts {@link orderErrorMessage}).
 */
import { isPriceInBounds } from '../inputRules';
import type { OrderErrorCode, OrderErrorDetail } from './orderErrors';
import type { AssetPreference } from './parameters';
import { roundQuantity, valueCents, type OrderSide, type OrderType, type TimeInForce } from './orderTypes';

export interface OrderRequest {
  side: OrderSide;
  type: OrderType;
  timeInForce: TimeInForce;
  quantity: number;
  /** Limit price in dollars as sent (validated here). */
  price: number | null;
  stopPrice: number | null;
}

export interface RiskContext {
  /** The symbol is in the provider's universe and has a quote. */
  knownSymbol: boolean;
  fractional: boolean;
  emergencyStop: boolean;
  /** The user asked for live trading but no live broker can trade. */
  liveNotAllowed: boolean;
  marketOpen: boolean;
  askCents: number;
  /** Cash minus cash reserved by working buy orders. */
  buyingPowerCents: number;
  /** Commission charged per order, in cents. */
  commissionCents: number;
  /** Shares held minus shares already reserved by working sell orders. */
  sellableQuantity: number;
  /** Shares held now (for the position size after a buy). */
  heldQuantity: number;
  maxPositionSizeCents: number;
  dailyLossLimitCents: number;
  /** Today's P&L of the account (realised + unrealised); negative is a loss. */
  dayPnLCents: number;
  /** Percent of the equity the positions may take. */
  accountSizeAllocation: number;
  /** Cash plus the positions' market value. */
  equityCents: number;
  /** The positions' market value plus the cash reserved by working buys. */
  investedCents: number;
  /** The symbol's asset type (null when unknown) and the types the user trades. */
  assetType: AssetPreference | null;
  assetPreferences: readonly AssetPreference[];
}

export type RiskResult =
  { ok: true; reservePriceCents: number } | { ok: false; code: OrderErrorCode; limit?: OrderErrorDetail };

/** A price in whole cents within the bounds every price respects (src/domain/inputRules.ts). */
function validPrice(value: number | null): value is number {
  return value !== null && isPriceInBounds(value) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
}

/** A quantity is valid: positive, finite, whole (or ≤ 6 decimals when fractional trading is on). */
export function validQuantity(quantity: number, fractional: boolean): boolean {
  if (!Number.isFinite(quantity) || quantity <= 0) return false;
  return fractional ? roundQuantity(quantity) === quantity : Number.isInteger(quantity);
}

/**
 * The price per share a buy is budgeted at (cash reserved while it works): the limit for LIMIT/STOP_LIMIT,
 * otherwise the higher of the ask and the stop (a stop buy fills at or above its stop).
 */
export function reservePriceCents(
  request: Pick<OrderRequest, 'type' | 'price' | 'stopPrice'>,
  askCents: number,
): number {
  const limit = request.price === null ? null : Math.round(request.price * 100);
  const stop = request.stopPrice === null ? null : Math.round(request.stopPrice * 100);
  if ((request.type === 'LIMIT' || request.type === 'STOP_LIMIT') && limit !== null) return limit;
  return Math.max(askCents, stop ?? 0);
}

export function checkOrder(request: OrderRequest, context: RiskContext): RiskResult {
  const fail = (code: OrderErrorCode, limit?: OrderErrorDetail): RiskResult =>
    limit === undefined ? { ok: false, code } : { ok: false, code, limit };
  if (context.emergencyStop) return fail('emergency_stop');
  if (context.liveNotAllowed) return fail('live_trading_not_allowed');
  if (!context.knownSymbol) return fail('unknown_symbol');
  if (!validQuantity(request.quantity, context.fractional)) {
    return fail(context.fractional ? 'invalid_fractional_quantity' : 'invalid_quantity');
  }
  const needsLimit = request.type === 'LIMIT' || request.type === 'STOP_LIMIT';
  const needsStop = request.type === 'STOP' || request.type === 'STOP_LIMIT';
  if (needsLimit && !validPrice(request.price)) return fail('invalid_limit_price');
  if (needsStop && !validPrice(request.stopPrice)) return fail('invalid_stop_price');
  if ((!needsLimit && request.price !== null) || (!needsStop && request.stopPrice !== null)) {
    return fail('unexpected_price');
  }
  if (!context.marketOpen && (request.timeInForce === 'IOC' || request.timeInForce === 'FOK')) {
    return fail('market_closed');
  }
  const reserve = reservePriceCents(request, context.askCents);
  if (request.side === 'SELL') {
    if (request.quantity > context.sellableQuantity + 1e-9) return fail('insufficient_position');
    return { ok: true, reservePriceCents: reserve };
  }
  if (context.assetType !== null && !context.assetPreferences.includes(context.assetType)) {
    return fail('asset_type_excluded', { assetType: context.assetType });
  }
  if (-context.dayPnLCents > context.dailyLossLimitCents) {
    return fail('daily_loss_limit_reached', { cents: context.dailyLossLimitCents });
  }
  const cost = valueCents(request.quantity, reserve) + context.commissionCents;
  if (cost > context.buyingPowerCents) return fail('insufficient_buying_power');
  const positionAfter = valueCents(roundQuantity(context.heldQuantity + request.quantity), reserve);
  if (positionAfter > context.maxPositionSizeCents) {
    return fail('max_position_size_exceeded', { cents: context.maxPositionSizeCents });
  }
  const allowedCents = Math.floor((context.equityCents * context.accountSizeAllocation) / 100);
  if (context.investedCents + cost > allowedCents) {
    return fail('allocation_exceeded', { percent: context.accountSizeAllocation });
  }
  return { ok: true, reservePriceCents: reserve };
}
