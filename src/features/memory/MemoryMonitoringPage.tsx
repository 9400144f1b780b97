import { LuMemoryStick } from 'react-icons/lu';
import { PlaceholderPage } from '../../components/page/PlaceholderPage';

export function MemoryMonitoringPage() {
  return (
    <PlaceholderPage
      title="Memory Monitoring"
      description="Memory use of the app and its services."
      icon={LuMemoryStick}
      emptyTitle="Memory monitoring is not available yet"
      emptyText="Memory use over time, for this app and the server, will appear here once monitoring is available."
    />
  );
}
