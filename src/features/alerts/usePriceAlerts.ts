import { useQuery } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { localPriceAlerts, storeServerPriceAlert, storeServerPriceAlerts } from '../../data/alerts';
import { localDb } from '../../data/db';
import { PAGE_SIZE } from '../../domain/constants';
import { AlertTriggeredDocument, PriceAlertsDocument } from '../../graphql/generated/graphql';
import { gqlRequest } from '../../graphql/client';
import { useSubscription } from '../../graphql/subscriptions';

/** The price alerts on this device (live from Dexie), refreshed from the server (first page of 50) and by pushes. */
export function usePriceAlerts() {
  const refresh = useQuery({
    queryKey: ['alerts', { limit: PAGE_SIZE.alerts }],
    queryFn: async () => {
      const answer = await gqlRequest(PriceAlertsDocument, { limit: PAGE_SIZE.alerts, unreadOnly: false });
      await storeServerPriceAlerts(localDb(), answer.alerts);
      return answer.alerts.length;
    },
  });
  // A fired alert (triggeredAt, currentPrice) lands on the device at once.
  useSubscription(AlertTriggeredDocument, {}, (data) => {
    storeServerPriceAlert(localDb(), data.alertTriggered).catch(() => undefined);
  });
  const alerts = useLiveQuery(() => localPriceAlerts(localDb()), []);
  return { alerts, refresh };
}
