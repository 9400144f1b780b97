import { Stack } from '@chakra-ui/react';
import { ComponentErrorBoundary } from '../../components/errors/boundaries';
import { PageHeader } from '../../components/page/PageHeader';
import { BrowserStorageCard } from './components/BrowserStorageCard';
import { ServerMetricsCards } from './components/ServerMetricsCards';

/** Memory monitoring (/memory-monitoring): the server process's figures over the last hour, and this browser's storage. */
export function MemoryMonitoringPage() {
  return (
    <>
      <PageHeader
        title="Memory Monitoring"
        description="Server memory, event loop, database and caches, sampled every 5 seconds, and this browser's storage."
      />
      <Stack gap="5">
        <ComponentErrorBoundary name="Server metrics">
          <ServerMetricsCards />
        </ComponentErrorBoundary>
        <ComponentErrorBoundary name="Browser storage">
          <BrowserStorageCard />
        </ComponentErrorBoundary>
      </Stack>
    </>
  );
}
