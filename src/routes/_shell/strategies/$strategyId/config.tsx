import { createFileRoute } from '@tanstack/react-router';
import { strategyConfigQuery } from '../../../../features/strategies/config/queries';
import { strategyTemplatesQuery } from '../../../../features/strategies/queries';
import { StrategyConfigPage } from '../../../../features/strategies/StrategyConfigPage';

export const Route = createFileRoute('/_shell/strategies/$strategyId/config')({
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(strategyConfigQuery(params.strategyId));
    void context.queryClient.prefetchQuery(strategyTemplatesQuery());
  },
  component: StrategyConfigRoute,
});

function StrategyConfigRoute() {
  const { strategyId } = Route.useParams();
  return <StrategyConfigPage strategyId={strategyId} />;
}
