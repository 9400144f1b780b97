import { LuRadar } from 'react-icons/lu';
import { PlaceholderPage } from '../../components/page/PlaceholderPage';

export function ScanningActivityPage() {
  return (
    <PlaceholderPage
      title="Scanning Activity"
      description="What the market scanner looked at and what it found."
      icon={LuRadar}
      emptyTitle="No scans yet"
      emptyText="Market scanner runs and the opportunities they find will appear here once the scanner is available."
    />
  );
}
