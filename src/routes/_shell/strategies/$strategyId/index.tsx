import { createFileRoute } from '@tanstack/react-router';
import { strategyQuery, strategyTemplatesQuery } from '../../../../features/strategies/queries';
import { StrategyDetailsPage } from '../../../../features/strategies/StrategyDetailsPage';

export const Route = createFileRoute('/_shell/strategies/$strategyId/')({
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(strategyQuery(params.strategyId));
    void context.queryClient.prefetchQuery(strategyTemplatesQuery());
  },
  component: StrategyDetailsRoute,
});

function StrategyDetailsRoute() {
  const { strategyId } = Route.useParams();
  return <StrategyDetailsPage strategyId={strategyId} />;
}
