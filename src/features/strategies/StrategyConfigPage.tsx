import { LuSlidersHorizontal } from 'react-icons/lu';
import { PlaceholderPage } from '../../components/page/PlaceholderPage';

export function StrategyConfigPage({ strategyId }: { strategyId: string }) {
  return (
    <PlaceholderPage
      title="Strategy configuration"
      description={`Strategy ${strategyId}`}
      icon={LuSlidersHorizontal}
      emptyTitle="Configuration is not available yet"
      emptyText="This strategy's parameters, risk limits and symbols will be editable here once strategy management is available."
    />
  );
}
