import { LuHistory } from 'react-icons/lu';
import { PlaceholderPage } from '../../components/page/PlaceholderPage';

export function BacktestPage() {
  return (
    <PlaceholderPage
      title="Backtest"
      description="Test a strategy against historical prices."
      icon={LuHistory}
      emptyTitle="No backtests yet"
      emptyText="Backtests of your strategies and their results will appear here once backtesting is available."
    />
  );
}
