import { createFileRoute } from '@tanstack/react-router';
import { BacktestPage } from '../../features/backtest/BacktestPage';
import { parseBacktestSearch } from '../../features/backtest/backtestSearch';
import { strategiesQuery } from '../../features/strategies/queries';

export const Route = createFileRoute('/_shell/backtest')({
  validateSearch: parseBacktestSearch,
  loader: ({ context }) => void context.queryClient.prefetchQuery(strategiesQuery()),
  component: BacktestRoute,
});

function BacktestRoute() {
  const search = Route.useSearch();
  return <BacktestPage {...search} />;
}
