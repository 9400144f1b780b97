import { useQuery } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { localPriceAlerts, storeServerPriceAlerts } from '../../data/alerts';
import { localDb } from '../../data/db';
import { PAGE_SIZE } from '../../domain/constants';
import { PriceAlertsDocument } from '../../graphql/generated/graphql';
import { gqlRequest } from '../../graphql/client';

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
  return { alerts: useLocalPriceAlerts(), refresh };
}

/**
 * The price alerts on this device, live from Dexie, without asking the server. Fired alerts arrive through
 * AlertEvents (mounted in the shell), which stores them in Dexie.
 */
export function useLocalPriceAlerts() {
  return useLiveQuery(() => localPriceAlerts(localDb()), []);
}
