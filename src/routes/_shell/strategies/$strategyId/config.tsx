import { createFileRoute } from '@tanstack/react-router';
import { StrategyConfigPage } from '../../../../features/strategies/StrategyConfigPage';

export const Route = createFileRoute('/_shell/strategies/$strategyId/config')({ component: StrategyConfigRoute });

function StrategyConfigRoute() {
  const { strategyId } = Route.useParams();
  return <StrategyConfigPage strategyId={strategyId} />;
}
