import { Grid, GridItem, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LuRadar } from 'react-icons/lu';
import { SelectField } from '../../components/form/SelectField';
import { PageHeader } from '../../components/page/PageHeader';
import { QueryContent } from '../../components/page/QueryContent';
import { SectionCard } from '../../components/page/SectionCard';
import { SCAN_LABELS, SCAN_TYPES, type ScanType } from '../../domain/scanner/scanTypes';
import { scanQuery, SCANNER_REFRESH_MS } from './queries';
import { ScanActivityLog } from './ScanActivityLog';
import { ScanOpportunitiesLog } from './ScanOpportunitiesLog';
import { ScanResultList } from './ScanResultList';

const SCAN_OPTIONS = SCAN_TYPES.map((type) => ({ value: type, label: SCAN_LABELS[type] }));

function ScannerCard() {
  const [scanType, setScanType] = useState<ScanType>('TOP_GAINERS');
  const query = useQuery(scanQuery(scanType));
  return (
    <SectionCard
      title="Scanner"
      icon={LuRadar}
      description={`The whole market, scanned again every ${SCANNER_REFRESH_MS / 1000} seconds.`}
    >
      <Stack gap="4">
        <SelectField
          label="Scan"
          value={scanType}
          options={SCAN_OPTIONS}
          onChange={(value) => setScanType(value as ScanType)}
          maxW="20rem"
        />
        <QueryContent query={query} what="Scan results" skeletonLines={8}>
          {({ marketScanner }) => (
            <Stack gap="2">
              <Text fontSize="sm" color="fg.muted" aria-live="polite">
                {marketScanner.length} {marketScanner.length === 1 ? 'match' : 'matches'}, strongest first
              </Text>
              <ScanResultList results={marketScanner} empty="Nothing in the market matches this scan right now." />
            </Stack>
          )}
        </QueryContent>
      </Stack>
    </SectionCard>
  );
}

/**
 * Scanning activity (spec §2): the market scanner with live results, the log of the scans the server ran, and the
 * opportunities they created for the user.
 */
export function ScanningActivityPage() {
  return (
    <>
      <PageHeader
        title="Scanning Activity"
        description="Scan the market for movers, volume, new highs, RSI, MACD and moving-average crosses, breakouts and gaps."
      />
      <Grid
        templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }}
        gap="5"
        alignItems="start"
      >
        <GridItem minW="0">
          <ScannerCard />
        </GridItem>
        <GridItem minW="0">
          <Stack gap="5">
            <ScanActivityLog />
            <ScanOpportunitiesLog />
          </Stack>
        </GridItem>
      </Grid>
    </>
  );
}
