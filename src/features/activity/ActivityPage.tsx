import { LuActivity } from 'react-icons/lu';
import { PlaceholderPage } from '../../components/page/PlaceholderPage';

export function ActivityPage() {
  return (
    <PlaceholderPage
      title="Activity Center"
      description="Orders, trades and alerts in one timeline."
      icon={LuActivity}
      emptyTitle="No activity yet"
      emptyText="Your orders, trades and alerts will appear here once paper trading is enabled."
    />
  );
}
