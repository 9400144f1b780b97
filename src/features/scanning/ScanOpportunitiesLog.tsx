import { HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from '@tanstack/react-router';
import { LuSparkles } from 'react-icons/lu';
import { QueryContent } from '../../components/page/QueryContent';
import { SectionCard } from '../../components/page/SectionCard';
import { formatTime } from '../../lib/format';
import { opportunityFiguresText, opportunitySourceText } from '../opportunities/opportunityText';
import { opportunityAlertsQuery } from '../opportunities/queries';
import { LIST_ROW_PROPS } from './listRow';

/**
 * The opportunities the scans and strategies created for this user, newest first (the Scanning activity page's
 * "opportunities created"); the shell's opportunity events refresh it when an alert arrives.
 */
export function ScanOpportunitiesLog() {
  const query = useQuery(opportunityAlertsQuery(false));
  return (
    <SectionCard
      title="Opportunities created"
      icon={LuSparkles}
      description="Setups your followed scans and active strategies found, newest first."
    >
      <QueryContent query={query} what="Opportunities">
        {({ opportunityAlerts }) =>
          opportunityAlerts.length === 0 ? (
            <Text color="fg.muted">
              None yet. Follow a scan on the Dashboard, or activate a strategy, to be told about setups.
            </Text>
          ) : (
            <Stack as="ul" gap="0" listStyleType="none">
              {opportunityAlerts.map((alert) => (
                <Stack key={alert.id} {...LIST_ROW_PROPS} gap="1" py="2.5" data-testid="scan-opportunity">
                  <HStack justify="space-between" gap="3" wrap="wrap">
                    <Link asChild fontWeight="medium" colorPalette="teal">
                      <RouterLink to="/stocks/$symbol" params={{ symbol: alert.symbol }}>
                        {alert.symbol}
                      </RouterLink>
                    </Link>
                    <Text fontSize="xs" color="fg.muted" fontVariantNumeric="tabular-nums">
                      {formatTime(alert.createdAt)} · {opportunitySourceText(alert)}
                    </Text>
                  </HStack>
                  <Text fontSize="sm" color="fg.muted">
                    {opportunityFiguresText(alert)}
                  </Text>
                </Stack>
              ))}
            </Stack>
          )
        }
      </QueryContent>
    </SectionCard>
  );
}
