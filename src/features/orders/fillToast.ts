import type { OrderSide, OrderStatus } from '../../graphql/generated/graphql';
import { formatShares, formatUsd } from '../market/formatMarket';

/** The toast of one execution: 'Order filled' 'Bought 10 AAPL at $161.23'. */
export function fillToastText(trade: { side: OrderSide; quantity: number; symbol: string; price: number }) {
  const verb = trade.side === 'BUY' ? 'Bought' : 'Sold';
  return {
    title: 'Order filled',
    description: `${verb} ${formatShares(trade.quantity)} ${trade.symbol} at ${formatUsd(trade.price)}`,
  };
}

const ENDED_TITLES: Partial<Record<OrderStatus, string>> = {
  REJECTED: 'Order rejected',
  EXPIRED: 'Order expired',
};

/** The toast of an order that ended without (fully) filling, or null when there is nothing to tell. */
export function orderEndedToastText(order: {
  status: OrderStatus;
  side: OrderSide;
  quantity: number;
  symbol: string;
  reason: string | null;
}) {
  const title = ENDED_TITLES[order.status];
  if (!title) return null;
  const what = `${order.side === 'BUY' ? 'Buy' : 'Sell'} ${formatShares(order.quantity)} ${order.symbol}`;
  return { title, description: order.reason ? `${what}: ${order.reason}` : what };
}
