import { createFileRoute } from '@tanstack/react-router';
import { StrategiesPage } from '../../../features/strategies/StrategiesPage';
import { strategiesQuery, strategyTemplatesQuery } from '../../../features/strategies/queries';

export const Route = createFileRoute('/_shell/strategies/')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(strategiesQuery());
    void context.queryClient.prefetchQuery(strategyTemplatesQuery());
  },
  component: StrategiesPage,
});
