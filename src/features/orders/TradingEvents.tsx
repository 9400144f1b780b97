import { useQueryClient } from '@tanstack/react-query';
import {
  OrderUpdatesDocument,
  PortfolioUpdatesDocument,
  TradeExecutionsDocument,
} from '../../graphql/generated/graphql';
import { useSubscription } from '../../graphql/subscriptions';
import { toast } from '../../components/toast/toaster';
import { applyPortfolio } from '../portfolio/queries';
import { orderEndedToastText } from './fillToast';
import { fillToasts } from './fillToasts';
import { applyOrder, applyTrade } from './queries';
import { publishTradingEvent } from './tradingEventLog';

/**
 * Mounted once in the shell: order updates, executions and the portfolio stream into the query cache on every
 * screen, and each fill shows a toast wherever the user is.
 */
export function TradingEvents() {
  const queryClient = useQueryClient();
  useSubscription(TradeExecutionsDocument, {}, ({ tradeExecutions: trade }) => {
    applyTrade(queryClient, trade);
    publishTradingEvent({ kind: 'trade', trade });
    fillToasts.trade(trade);
  });
  useSubscription(OrderUpdatesDocument, {}, ({ orderUpdates: order }) => {
    applyOrder(queryClient, order);
    publishTradingEvent({ kind: 'order', order });
    const ended = orderEndedToastText(order);
    if (ended) toast({ ...ended, variant: 'destructive' });
  });
  useSubscription(PortfolioUpdatesDocument, {}, ({ portfolioUpdates }) =>
    applyPortfolio(queryClient, portfolioUpdates),
  );
  return null;
}
