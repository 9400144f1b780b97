import { createFileRoute } from '@tanstack/react-router';
import { BacktestPage } from '../../features/backtest/BacktestPage';
import { parseBacktestSearch } from '../../features/backtest/backtestSearch';
import { strategiesQuery } from '../../features/strategies/queries';

export const Route = createFileRoute('/_shell/backtesting')({
  validateSearch: parseBacktestSearch,
  loader: ({ context }) => void context.queryClient.prefetchQuery(strategiesQuery()),
  component: BacktestRoute,
});

function BacktestRoute() {
  const { strategyId } = Route.useSearch();
  return <BacktestPage strategyId={strategyId} />;
}
