import { createFileRoute, redirect } from '@tanstack/react-router';
import { parseBacktestSearch } from '../../features/backtest/backtestSearch';

/** /backtesting (spec §1 names both) is /backtest: one page, one definition; its search is kept. */
export const Route = createFileRoute('/_shell/backtesting')({
  validateSearch: parseBacktestSearch,
  beforeLoad: ({ search }) => {
    throw redirect({ to: '/backtest', search, replace: true });
  },
});
