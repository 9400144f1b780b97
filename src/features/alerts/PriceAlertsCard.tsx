import { Button, Skeleton, Stack, Text } from '@chakra-ui/react';
import { memo, useDeferredValue } from 'react';
import { LuBellRing, LuPlus } from 'react-icons/lu';
import { SectionCard } from '../../components/page/SectionCard';
import type { LocalPriceAlert } from '../../data/types';
import { entityKey } from '../../data/outbox/queue';
import { useLiveQuotes } from '../market/useLiveQuotes';
import { usePendingEntities } from '../outbox/usePendingEntities';
import { CreateAlertDialog } from './components/CreateAlertDialog';
import { PriceAlertRow } from './components/PriceAlertRow';
import { usePriceAlerts } from './usePriceAlerts';

/** The card itself, memoised on its alerts and their pending-sync marks. */
const PriceAlertsBody = memo(function PriceAlertsBody({
  alerts,
  pending,
}: {
  alerts: readonly LocalPriceAlert[] | undefined;
  pending: ReadonlySet<string>;
}) {
  const hasAlerts = alerts !== undefined && alerts.length > 0;
  return (
    <SectionCard
      title="Price alerts"
      icon={LuBellRing}
      aside={
        hasAlerts ? (
          <CreateAlertDialog
            trigger={
              <Button size="sm" variant="outline">
                <LuPlus /> New
              </Button>
            }
          />
        ) : null
      }
    >
      {alerts === undefined ? (
        <Stack gap="2">
          <Skeleton h="12" />
          <Skeleton h="12" />
        </Stack>
      ) : alerts.length === 0 ? (
        <Stack gap="3" align="flex-start">
          <Text color="fg.muted" textStyle="sm">
            No price alerts yet. Get notified when a stock rises above or falls below a price.
          </Text>
          <CreateAlertDialog
            trigger={
              <Button size="sm" variant="outline">
                <LuPlus /> New price alert
              </Button>
            }
          />
        </Stack>
      ) : (
        <Stack as="ul" gap="2" listStyleType="none" aria-label="Price alerts">
          {alerts.map((alert) => (
            <PriceAlertRow key={alert.id} alert={alert} pending={pending.has(entityKey('alerts', alert.id))} />
          ))}
        </Stack>
      )}
    </SectionCard>
  );
});

/**
 * Dashboard card: price alerts (create, switch on/off, mark read, delete), kept on the device and synced. The
 * alerts reach the card at once: each row's switch is controlled by its alert, and a deferred value (a background
 * render that every quote tick restarts) would keep a switched alert's old state on screen long enough for a
 * second click to write the same state again. The pending-sync marks only label rows: they come deferred.
 */
export function PriceAlertsCard() {
  const { alerts } = usePriceAlerts();
  const pending = usePendingEntities();
  // Waiting alerts show their symbol's live price (one stream for the card; only the price cells re-render).
  useLiveQuotes(alerts?.filter((alert) => !alert.triggeredAt).map((alert) => alert.symbol) ?? []);
  return <PriceAlertsBody alerts={alerts} pending={useDeferredValue(pending)} />;
}
