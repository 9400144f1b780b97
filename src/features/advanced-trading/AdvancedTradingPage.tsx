import { LuTrendingUp } from 'react-icons/lu';
import { PlaceholderPage } from '../../components/page/PlaceholderPage';

export function AdvancedTradingPage() {
  return (
    <PlaceholderPage
      title="Advanced Trading"
      description="Order tickets with stop, limit and time-in-force options."
      icon={LuTrendingUp}
      emptyTitle="Trading is not available yet"
      emptyText="The order ticket, open orders and positions will appear here once paper trading is enabled."
    />
  );
}
