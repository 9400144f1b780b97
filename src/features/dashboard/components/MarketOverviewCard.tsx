import { Box, HStack, Progress, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { memo } from 'react';
import { LuGlobe } from 'react-icons/lu';
import { SectionCard } from '../../../components/page/SectionCard';
import { DataTable, type DataTableColumn } from '../../../components/table/DataTable';
import type { DashboardOverviewQuery } from '../../../graphql/generated/graphql';
import { changeColor, formatCompact, formatNumber, formatSignedPercent } from '../../market/formatMarket';

type MarketOverview = DashboardOverviewQuery['dashboardOverview']['marketOverview'];
type MarketIndex = MarketOverview['indices'][number];

const INDEX_COLUMNS: readonly DataTableColumn<MarketIndex>[] = [
  {
    key: 'name',
    header: 'Index',
    cellProps: (index) => ({ title: index.description }),
    // The name wraps on a phone, so the three columns fit 390 px without scrolling.
    render: (index) => (
      <Text fontWeight="medium" whiteSpace="normal">
        {index.name}
      </Text>
    ),
  },
  { key: 'value', header: 'Value', align: 'end', render: (index) => formatNumber(index.value) },
  {
    key: 'change',
    header: 'Change',
    align: 'end',
    cellProps: (index) => ({ color: changeColor(index.changePercent) }),
    render: (index) => formatSignedPercent(index.changePercent),
  },
];

/** Indices computed from the market universe, breadth (advancing vs declining) and today's volume. */
export const MarketOverviewCard = memo(function MarketOverviewCard({ overview }: { overview: MarketOverview }) {
  const { breadth, volume } = overview;
  const moving = breadth.advancing + breadth.declining + breadth.unchanged;
  const advancingShare = moving > 0 ? (breadth.advancing / moving) * 100 : 0;
  return (
    <SectionCard title="Market overview" icon={LuGlobe}>
      <Stack gap="5">
        <DataTable
          label="Indices"
          columns={INDEX_COLUMNS}
          rows={overview.indices}
          getRowKey={(index) => index.symbol}
        />
        <Stack gap="2">
          <HStack justify="space-between" textStyle="sm">
            <Text color="fg.success" fontWeight="medium">
              {breadth.advancing} advancing
            </Text>
            <Text color="fg.muted">{breadth.unchanged} unchanged</Text>
            <Text color="fg.error" fontWeight="medium">
              {breadth.declining} declining
            </Text>
          </HStack>
          <Progress.Root value={advancingShare} colorPalette="green" size="sm" aria-label="Share of symbols advancing">
            <Progress.Track bg="red.subtle">
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        </Stack>
        <SimpleGrid columns={{ base: 2, sm: 4 }} gap="3">
          {[
            ['New highs', String(breadth.newHighs)],
            ['New lows', String(breadth.newLows)],
            ['Volume', formatCompact(volume.total)],
            ['vs average', `${formatNumber(volume.ratio * 100, 1)}%`],
          ].map(([label, value]) => (
            <Box key={label} borderWidth="1px" borderRadius="lg" p="3">
              <Text textStyle="xs" color="fg.muted">
                {label}
              </Text>
              <Text fontWeight="semibold" fontVariantNumeric="tabular-nums">
                {value}
              </Text>
            </Box>
          ))}
        </SimpleGrid>
      </Stack>
    </SectionCard>
  );
});
