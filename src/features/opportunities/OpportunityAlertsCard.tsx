import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LuSparkles } from 'react-icons/lu';
import { QueryContent } from '../../components/page/QueryContent';
import { SectionCard } from '../../components/page/SectionCard';
import { toast } from '../../components/toast/toaster';
import { useOnline } from '../orders/useOnline';
import { FollowScans } from './FollowScans';
import { OpportunityRow } from './OpportunityRow';
import { markAllOpportunitiesRead, markOpportunityRead, opportunityAlertsQuery } from './queries';

/** Unread alerts the card shows (the rest are one "Mark all read" away). */
const SHOWN = 5;

/**
 * The Dashboard's opportunity alerts: the user's unread alerts (from their active strategies' entries and the scans
 * they follow), mark read, and the scans to follow. The default export lets the Dashboard load it lazily.
 */
export default function OpportunityAlertsCard() {
  const queryClient = useQueryClient();
  const online = useOnline();
  const query = useQuery(opportunityAlertsQuery(true));
  const [busy, setBusy] = useState(false);
  const [following, setFollowing] = useState(false);
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch {
      toast({ title: 'Could not mark the alert read', description: 'Try again when online.', variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  const unread = query.data?.opportunityAlerts.length ?? 0;
  return (
    <SectionCard
      title="Opportunity alerts"
      icon={LuSparkles}
      description="Found by your active strategies and the scans you follow"
      aside={
        unread > 0 ? (
          <Button
            size="xs"
            variant="outline"
            disabled={!online || busy}
            onClick={() => void run(() => markAllOpportunitiesRead(queryClient))}
          >
            Mark all read
          </Button>
        ) : null
      }
    >
      <Stack gap="3">
        <QueryContent query={query} what="Opportunity alerts" skeletonLines={3}>
          {({ opportunityAlerts }) =>
            opportunityAlerts.length === 0 ? (
              <Text textStyle="sm" color="fg.muted">
                No unread opportunity alerts. Activate a strategy or follow a scan below to get some.
              </Text>
            ) : (
              <Stack as="ul" gap="2" listStyleType="none" aria-label="Unread opportunity alerts">
                {opportunityAlerts.slice(0, SHOWN).map((alert) => (
                  <OpportunityRow
                    key={alert.id}
                    alert={alert}
                    disabled={!online || busy}
                    onMarkRead={(id) => void run(() => markOpportunityRead(queryClient, id))}
                  />
                ))}
                {opportunityAlerts.length > SHOWN ? (
                  <Text as="li" textStyle="xs" color="fg.muted">
                    {opportunityAlerts.length - SHOWN} more unread
                  </Text>
                ) : null}
              </Stack>
            )
          }
        </QueryContent>
        <Box>
          <Button size="xs" variant="ghost" aria-expanded={following} onClick={() => setFollowing(!following)}>
            Scans to follow
          </Button>
          {following ? (
            <Box pt="2">
              <FollowScans online={online} />
            </Box>
          ) : null}
        </Box>
      </Stack>
    </SectionCard>
  );
}
