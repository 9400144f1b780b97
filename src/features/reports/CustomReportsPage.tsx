import { LuFileChartColumn } from 'react-icons/lu';
import { PlaceholderPage } from '../../components/page/PlaceholderPage';

export function CustomReportsPage() {
  return (
    <PlaceholderPage
      title="Custom Reports"
      description="Reports built from your trading data."
      icon={LuFileChartColumn}
      emptyTitle="No reports yet"
      emptyText="Reports you build from your trades and performance will appear here once reporting is available."
    />
  );
}
