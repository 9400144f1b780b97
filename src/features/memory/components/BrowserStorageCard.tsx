import { Progress, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LuHardDrive } from 'react-icons/lu';
import { QueryContent } from '../../../components/page/QueryContent';
import { SectionCard } from '../../../components/page/SectionCard';
import { StatList } from '../../../components/page/StatList';
import { formatBytes, formatRatioPercent } from '../../../lib/format';
import type { BrowserStorage } from '../browserStorage';
import { browserStorageQuery, MEMORY_REFRESH_MS } from '../queries';

function Usage({ estimate }: { estimate: BrowserStorage['estimate'] }) {
  if (!estimate) return <Text color="fg.muted">This browser does not report its storage use.</Text>;
  const share = estimate.quota > 0 ? estimate.usage / estimate.quota : 0;
  return (
    <Progress.Root value={Math.min(100, share * 100)} max={100} size="sm" colorPalette="brand">
      <Progress.Label textStyle="sm" mb="2">
        {formatBytes(estimate.usage)} used of {formatBytes(estimate.quota)} ({formatRatioPercent(share)})
      </Progress.Label>
      <Progress.Track>
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
}

function Sub({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="2">
      <Text as="h3" textStyle="sm" fontWeight="semibold">
        {title}
      </Text>
      {children}
    </Stack>
  );
}

/** This browser's storage: usage and quota, local database rows, the service worker's caches. */
export function BrowserStorageCard() {
  const query = useQuery({ ...browserStorageQuery(), refetchInterval: MEMORY_REFRESH_MS });
  return (
    <SectionCard title="This browser" icon={LuHardDrive} description="What the app stores on this device.">
      <QueryContent query={query} what="Browser storage">
        {(storage) => (
          <Stack gap="5">
            <Sub title="Storage used">
              <Usage estimate={storage.estimate} />
            </Sub>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
              <Sub title="Local database (rows)">
                <StatList items={storage.tables.map((table) => ({ label: table.name, value: table.rows }))} />
              </Sub>
              <Sub title="Service worker caches (entries)">
                {storage.caches.length === 0 ? (
                  <Text textStyle="sm" color="fg.muted">
                    No caches yet: the service worker fills them once installed.
                  </Text>
                ) : (
                  <StatList items={storage.caches.map((cache) => ({ label: cache.name, value: cache.entries }))} />
                )}
              </Sub>
            </SimpleGrid>
          </Stack>
        )}
      </QueryContent>
    </SectionCard>
  );
}
