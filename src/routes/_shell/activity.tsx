import { createFileRoute } from '@tanstack/react-router';
import { ActivityPage } from '../../features/activity/ActivityPage';
import { ordersQuery, tradesQuery } from '../../features/orders/queries';

export const Route = createFileRoute('/_shell/activity')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(ordersQuery());
    void context.queryClient.prefetchQuery(tradesQuery());
  },
  component: ActivityPage,
});
