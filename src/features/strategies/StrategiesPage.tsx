import { LuWorkflow } from 'react-icons/lu';
import { PlaceholderPage } from '../../components/page/PlaceholderPage';

export function StrategiesPage() {
  return (
    <PlaceholderPage
      title="Strategies"
      description="Create, activate and compare trading strategies."
      icon={LuWorkflow}
      emptyTitle="No strategies yet"
      emptyText="Your strategies, whether they are active, and how they perform will appear here once strategy management is available."
    />
  );
}
