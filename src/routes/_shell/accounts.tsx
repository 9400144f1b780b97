import { createFileRoute } from '@tanstack/react-router';
import { AccountsPage } from '../../features/accounts/AccountsPage';
import { brokerCatalogueQuery, brokerConnectionsQuery } from '../../features/accounts/queries';

export const Route = createFileRoute('/_shell/accounts')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(brokerConnectionsQuery());
    void context.queryClient.prefetchQuery(brokerCatalogueQuery());
  },
  component: AccountsPage,
});
