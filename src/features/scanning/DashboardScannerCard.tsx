import { Button, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from '@tanstack/react-router';
import { LuRadar } from 'react-icons/lu';
import { QueryContent } from '../../components/page/QueryContent';
import { SectionCard } from '../../components/page/SectionCard';
import { scanQuery } from './queries';
import { ScanResultList } from './ScanResultList';

/** Hits the Dashboard shows of the top gainers scan. */
const SHOWN = 3;

/**
 * The Dashboard's way into the scanner: today's top gainers and a link to the Scanner view. The default
 * export lets the Dashboard load it lazily (React.lazy), outside the startup chunk.
 */
export default function DashboardScannerCard() {
  const query = useQuery(scanQuery('TOP_GAINERS', SHOWN));
  return (
    <SectionCard
      title="Market scanner"
      icon={LuRadar}
      description="Top gainers now"
      aside={
        <Button asChild size="xs" variant="outline">
          <RouterLink to="/scanning-activity">Open scanner</RouterLink>
        </Button>
      }
    >
      <Stack gap="2">
        <QueryContent query={query} what="Market scanner" skeletonLines={3}>
          {({ marketScanner }) => <ScanResultList results={marketScanner} empty="No gainers yet today." compact />}
        </QueryContent>
      </Stack>
    </SectionCard>
  );
}
