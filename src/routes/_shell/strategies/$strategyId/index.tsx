import { createFileRoute } from '@tanstack/react-router';
import { StrategyDetailsPage } from '../../../../features/strategies/StrategyDetailsPage';

export const Route = createFileRoute('/_shell/strategies/$strategyId/')({ component: StrategyDetailsRoute });

function StrategyDetailsRoute() {
  const { strategyId } = Route.useParams();
  return <StrategyDetailsPage strategyId={strategyId} />;
}
