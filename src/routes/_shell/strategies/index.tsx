import { createFileRoute } from '@tanstack/react-router';
import { StrategiesPage } from '../../../features/strategies/StrategiesPage';
import { strategyTemplatesQuery } from '../../../features/strategies/queries';
import { deviceStrategiesQuery } from '../../../features/strategies/useLocalStrategies';

export const Route = createFileRoute('/_shell/strategies/')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(deviceStrategiesQuery());
    void context.queryClient.prefetchQuery(strategyTemplatesQuery());
  },
  component: StrategiesPage,
});
