import { SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { LuActivity, LuServer } from 'react-icons/lu';
import type { ServerMetricsQuery } from '../../../graphql/generated/graphql';
import { QueryContent } from '../../../components/page/QueryContent';
import { SectionCard } from '../../../components/page/SectionCard';
import { StatCards } from '../../../components/page/StatCards';
import { formatBytes, formatDuration, formatMilliseconds } from '../../../lib/format';
import { MEMORY_REFRESH_MS, serverMetricsQuery } from '../queries';
import type { ChartLine } from '../samplesSeries';
import { SeriesChart } from './SeriesChart';

type ServerMetrics = ServerMetricsQuery['serverMetrics'];

function ServerFigures({ metrics }: { metrics: ServerMetrics }) {
  const current = metrics.current;
  if (!current) return <Text color="fg.muted">The first sample is being taken.</Text>;
  const caches = current.caches.map((cache) => `${cache.name} ${cache.entries}`).join(', ');
  return (
    <Stack gap="3">
      <StatCards
        stats={[
          { label: 'Resident memory (RSS)', value: formatBytes(current.rss) },
          { label: 'Heap used', value: `${formatBytes(current.heapUsed)} of ${formatBytes(current.heapTotal)}` },
          { label: 'External', value: formatBytes(current.external) },
          { label: 'Array buffers', value: formatBytes(current.arrayBuffers) },
          {
            label: 'Event-loop delay p50 / p99',
            value: `${formatMilliseconds(current.eventLoopDelayP50)} / ${formatMilliseconds(current.eventLoopDelayP99)}`,
          },
          { label: 'Database size', value: current.databaseSize === null ? '—' : formatBytes(current.databaseSize) },
          { label: 'Open subscriptions', value: current.openSubscriptions },
          { label: 'Open sockets', value: current.openSockets },
          { label: 'Cache entries', value: caches || '—' },
        ]}
      />
      <Text textStyle="xs" color="fg.muted">
        Process {metrics.processId}, up {formatDuration(metrics.uptime)}; sampled every{' '}
        {formatDuration(metrics.sampleIntervalMs / 1000)}. Figures of the server process that answered.
      </Text>
    </Stack>
  );
}

function spanOf(samples: ServerMetrics['samples']): string {
  const first = samples[0];
  const last = samples.at(-1);
  if (!first || !last) return 'the last hour';
  const minutes = Math.max(1, Math.round((Date.parse(last.timestamp) - Date.parse(first.timestamp)) / 60_000));
  return `the last ${minutes} min`;
}

function ServerCharts({ samples }: { samples: ServerMetrics['samples'] }) {
  // Drawn again only when the samples change (the query re-renders this card while it fetches).
  const charts = useMemo(() => {
    const series = (pick: (sample: ServerMetrics['samples'][number]) => number) => samples.map(pick);
    const memory: ChartLine[] = [
      { name: 'RSS', color: 'sma20', values: series((s) => s.rss) },
      { name: 'Heap total', color: 'sma50', values: series((s) => s.heapTotal) },
      { name: 'Heap used', color: 'up', values: series((s) => s.heapUsed) },
      { name: 'External', color: 'ema12', values: series((s) => s.external) },
    ];
    const delay: ChartLine[] = [
      { name: 'p50', color: 'up', values: series((s) => s.eventLoopDelayP50) },
      { name: 'p99', color: 'down', values: series((s) => s.eventLoopDelayP99) },
    ];
    const times = samples.map((sample) => Date.parse(sample.timestamp) / 1000);
    return { span: spanOf(samples), times, memory, delay };
  }, [samples]);
  return (
    <SimpleGrid columns={{ base: 1, xl: 2 }} gap="5">
      <SectionCard title="Memory over time" icon={LuServer} description="Resident memory, heap and external memory.">
        <SeriesChart
          label="Server memory over time"
          span={charts.span}
          times={charts.times}
          format={formatBytes}
          lines={charts.memory}
        />
      </SectionCard>
      <SectionCard title="Event-loop delay" icon={LuActivity} description="How late the server's timers ran.">
        <SeriesChart
          label="Server event-loop delay over time"
          span={charts.span}
          times={charts.times}
          format={formatMilliseconds}
          lines={charts.delay}
        />
      </SectionCard>
    </SimpleGrid>
  );
}

/** The server's figures now and over the last hour, refreshed every 5 s while the page is visible. */
export function ServerMetricsCards() {
  const query = useQuery({ ...serverMetricsQuery(), refetchInterval: MEMORY_REFRESH_MS });
  return (
    <Stack gap="5">
      <SectionCard title="Server" icon={LuServer} description="Memory, event loop, database and connections now.">
        <QueryContent query={query} what="Server metrics" skeletonLines={6}>
          {({ serverMetrics }) => <ServerFigures metrics={serverMetrics} />}
        </QueryContent>
      </SectionCard>
      {query.data ? <ServerCharts samples={query.data.serverMetrics.samples} /> : null}
    </Stack>
  );
}
