import { LuChartLine } from 'react-icons/lu';
import { PlaceholderPage } from '../../components/page/PlaceholderPage';

export function StrategyDetailsPage({ strategyId }: { strategyId: string }) {
  return (
    <PlaceholderPage
      title="Strategy details"
      description={`Strategy ${strategyId}`}
      icon={LuChartLine}
      emptyTitle="Strategy details are not available yet"
      emptyText="This strategy's performance, parameters and recent trades will appear here once strategy management is available."
    />
  );
}
