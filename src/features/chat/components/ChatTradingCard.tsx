import { useState } from 'react';
import { errorText } from '../../../graphql/errors';
import { usePlaceOrder } from '../../orders/mutations';
import { OFFLINE_ORDER_REASON, useOnline } from '../../orders/useOnline';
import type { ChatMessageView } from '../types';
import { TradingCard, type OrderCardState } from './cards/TradingCard';

/** The client order id of a chat order card: one per card, so confirming twice (or after a reload) places it once. */
export const chatClientOrderId = (messageId: string) => `chat-${messageId}`;

/**
 * An order card from the assistant: Confirm places the order (never queued: disabled offline, with the
 * reason shown); Cancel dismisses it. Nothing is placed without Confirm.
 */
export function ChatTradingCard({ message }: { message: ChatMessageView }) {
  const card = message.metadata?.tradingData;
  const online = useOnline();
  const placeOrder = usePlaceOrder();
  const [state, setState] = useState<OrderCardState>({ status: 'idle' });
  if (!card) return null;

  const confirm = async () => {
    setState({ status: 'placing' });
    try {
      const { placeOrder: order } = await placeOrder.mutateAsync({
        symbol: card.symbol,
        side: card.action === 'buy' ? 'BUY' : 'SELL',
        type: card.price ? 'LIMIT' : 'MARKET',
        quantity: card.quantity,
        price: card.price ?? undefined,
        timeInForce: 'DAY',
        clientOrderId: chatClientOrderId(message.id),
        reason: 'Confirmed in the AI assistant',
      });
      const verb = card.action === 'buy' ? 'Bought' : 'Sold';
      setState({
        status: 'placed',
        detail:
          order.status === 'FILLED' && order.averageFillPrice !== null
            ? `Order filled: ${verb.toLowerCase()} ${order.filledQuantity} ${order.symbol} at $${order.averageFillPrice.toFixed(2)}.`
            : `Order placed (${order.status.toLowerCase().replaceAll('_', ' ')}).`,
      });
    } catch (error) {
      setState({ status: 'failed', error: errorText(error) });
    }
  };

  return (
    <TradingCard
      card={card}
      state={state}
      disabledReason={online ? null : OFFLINE_ORDER_REASON}
      onConfirm={() => void confirm()}
      onCancel={() => setState({ status: 'cancelled' })}
    />
  );
}
