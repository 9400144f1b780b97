import { createFileRoute } from '@tanstack/react-router';
import { AdvancedTradingPage } from '../../features/advanced-trading/AdvancedTradingPage';
import { ordersQuery } from '../../features/orders/queries';
import { portfolioQuery } from '../../features/portfolio/queries';

export const Route = createFileRoute('/_shell/advanced-trading')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(portfolioQuery());
    void context.queryClient.prefetchQuery(ordersQuery('OPEN'));
  },
  component: AdvancedTradingPage,
});
