import type { OrderFieldsFragment, TradeFieldsFragment } from '../../graphql/generated/graphql';
import { fillToastText } from './fillToast';

/**
 * One fill toast per execution, whichever way the fill is learnt first: the trade pushed by the tradeExecutions
 * subscription, or the placeOrder/closePosition answer of an order that filled at once.
 */
export function createFillToastLedger(show: (text: { title: string; description: string }) => void) {
  /** Orders with at least one trade toasted from the subscription. */
  const tradedOrders = new Set<string>();
  /** Orders toasted from their answer (their trades are then not toasted again). */
  const answeredOrders = new Set<string>();
  const shownTrades = new Set<string>();
  return {
    trade(trade: Pick<TradeFieldsFragment, 'id' | 'orderId' | 'side' | 'quantity' | 'symbol' | 'price'>): void {
      if (shownTrades.has(trade.id) || answeredOrders.has(trade.orderId)) return;
      shownTrades.add(trade.id);
      tradedOrders.add(trade.orderId);
      show(fillToastText(trade));
    },
    answer(
      order: Pick<OrderFieldsFragment, 'id' | 'status' | 'side' | 'filledQuantity' | 'symbol' | 'averageFillPrice'>,
    ): void {
      if (order.status !== 'FILLED' || order.averageFillPrice === null) return;
      if (tradedOrders.has(order.id) || answeredOrders.has(order.id)) return;
      answeredOrders.add(order.id);
      show(
        fillToastText({
          side: order.side,
          quantity: order.filledQuantity,
          symbol: order.symbol,
          price: order.averageFillPrice,
        }),
      );
    },
  };
}
