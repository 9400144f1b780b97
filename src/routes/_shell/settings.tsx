import { createFileRoute } from '@tanstack/react-router';
import { SettingsPage } from '../../features/settings/SettingsPage';
import { tradingModeQuery } from '../../features/trading/queries';
import { meQuery } from '../../features/user/queries';

export const Route = createFileRoute('/_shell/settings')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(meQuery());
    void context.queryClient.prefetchQuery(tradingModeQuery());
  },
  component: SettingsPage,
});
