/**
 * A paper account's portfolio from its cash, holdings, working orders, today's fills and the latest quotes
 * (pure, integer cents; percentages in percent rounded to 4 decimals).
 */
import { toCents } from '../market/money';
import { roundQuantity, valueCents, type OrderSide } from './orderTypes';
import {
  averageCostCents,
  dayPnLCents,
  NO_DAY_ACTIVITY,
  percentOf,
  unrealizedCents,
  type DayActivity,
  type PositionState,
} from './positionMath';

export interface HoldingInput extends PositionState {
  symbol: string;
}

export interface WorkingOrderInput {
  symbol: string;
  side: OrderSide;
  /** Shares still to fill. */
  remaining: number;
  reservePriceCents: number;
  /** Whether the order's commission is still to be charged (no fill yet). */
  commissionDue: boolean;
}

/**
 * The working orders of one symbol and side, summed (the engine reads them so, one row per symbol and side, however
 * many orders rest): what {@link sumWorkingOrders} computes from the orders themselves.
 */
export interface WorkingTotals {
  symbol: string;
  side: OrderSide;
  /** Shares still to fill. */
  remaining: number;
  /** Σ of each order's remaining shares at its reserve price, in whole cents per order (valueCents). */
  reservedValueCents: number;
  /** Orders without a fill yet: each still owes its commission. */
  unfilledOrders: number;
}

/** The totals per symbol and side of working orders. */
export function sumWorkingOrders(orders: readonly WorkingOrderInput[]): WorkingTotals[] {
  const totals = new Map<string, WorkingTotals>();
  for (const order of orders) {
    const key = `${order.side} ${order.symbol}`;
    const total = totals.get(key) ?? {
      symbol: order.symbol,
      side: order.side,
      remaining: 0,
      reservedValueCents: 0,
      unfilledOrders: 0,
    };
    total.remaining = roundQuantity(total.remaining + order.remaining);
    total.reservedValueCents += valueCents(order.remaining, order.reservePriceCents);
    if (order.commissionDue) total.unfilledOrders++;
    totals.set(key, total);
  }
  return [...totals.values()];
}

export interface QuoteInput {
  price: number;
  previousClose: number;
}

export interface PortfolioInput {
  cashCents: number;
  startingCashCents: number;
  commissionCents: number;
  holdings: readonly HoldingInput[];
  /** Working orders summed per symbol and side. */
  working: readonly WorkingTotals[];
  today: ReadonlyMap<string, DayActivity>;
  quotes: ReadonlyMap<string, QuoteInput>;
}

export interface PositionSummary {
  symbol: string;
  quantity: number;
  averageCostCents: number;
  priceCents: number;
  marketValueCents: number;
  costCents: number;
  unrealizedCents: number;
  unrealizedPercent: number;
  realizedCents: number;
  dayPnLCents: number;
}

export interface PortfolioSummary {
  totalValueCents: number;
  totalGainLossCents: number;
  totalGainLossPercent: number;
  dayGainLossCents: number;
  dayGainLossPercent: number;
  cashCents: number;
  /** Cash reserved by working buy orders (their remaining shares at their reserve price, plus commission due). */
  reservedCents: number;
  buyingPowerCents: number;
  /** Open positions (quantity > 0), by symbol. */
  positions: PositionSummary[];
  /** Shares of each symbol already promised to working sell orders. */
  reservedSells: Map<string, number>;
}

export function summarizePortfolio(input: PortfolioInput): PortfolioSummary {
  let reservedCents = 0;
  const reservedSells = new Map<string, number>();
  for (const total of input.working) {
    if (total.side === 'BUY') {
      reservedCents += total.reservedValueCents + total.unfilledOrders * input.commissionCents;
    } else {
      reservedSells.set(total.symbol, roundQuantity((reservedSells.get(total.symbol) ?? 0) + total.remaining));
    }
  }

  const positions: PositionSummary[] = [];
  let marketValueCents = 0;
  let dayGainLossCents = 0;
  const symbols = new Set([...input.holdings.map((h) => h.symbol), ...input.today.keys()]);
  const holdings = new Map(input.holdings.map((h) => [h.symbol, h]));
  for (const symbol of [...symbols].sort()) {
    const holding = holdings.get(symbol) ?? { symbol, quantity: 0, costCents: 0, realizedCents: 0 };
    const quote = input.quotes.get(symbol);
    const average = averageCostCents(holding);
    const priceCents = quote ? toCents(quote.price) : Math.round(average);
    const previousCloseCents = quote ? toCents(quote.previousClose) : priceCents;
    const day = dayPnLCents(
      holding.quantity,
      priceCents,
      previousCloseCents,
      input.today.get(symbol) ?? NO_DAY_ACTIVITY,
    );
    dayGainLossCents += day;
    if (!(holding.quantity > 0)) continue;
    const value = valueCents(holding.quantity, priceCents);
    const unrealized = unrealizedCents(holding, priceCents);
    marketValueCents += value;
    positions.push({
      symbol,
      quantity: holding.quantity,
      averageCostCents: average,
      priceCents,
      marketValueCents: value,
      costCents: holding.costCents,
      unrealizedCents: unrealized,
      unrealizedPercent: percentOf(unrealized, holding.costCents),
      realizedCents: holding.realizedCents,
      dayPnLCents: day,
    });
  }

  const totalValueCents = input.cashCents + marketValueCents;
  const totalGainLossCents = totalValueCents - input.startingCashCents;
  return {
    totalValueCents,
    totalGainLossCents,
    totalGainLossPercent: percentOf(totalGainLossCents, input.startingCashCents),
    dayGainLossCents,
    dayGainLossPercent: percentOf(dayGainLossCents, totalValueCents - dayGainLossCents),
    cashCents: input.cashCents,
    reservedCents,
    buyingPowerCents: Math.max(0, input.cashCents - reservedCents),
    positions,
    reservedSells,
  };
}
