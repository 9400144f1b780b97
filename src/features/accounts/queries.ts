import { queryOptions } from '@tanstack/react-query';
import { gqlRequest } from '../../graphql/client';
import { BrokerConnectionsDocument } from '../../graphql/generated/graphql';
import { fetchAvailableBrokers } from './brokersRest';

/** One key hierarchy for the Accounts page: the user's connections and the broker catalogue. */
export const brokerKeys = {
  all: ['brokers'] as const,
  connections: () => [...brokerKeys.all, 'connections'] as const,
  catalogue: () => [...brokerKeys.all, 'catalogue'] as const,
};

/** The signed-in user's broker connections, oldest first (GraphQL brokerConnections). */
export function brokerConnectionsQuery() {
  return queryOptions({
    queryKey: brokerKeys.connections(),
    queryFn: () => gqlRequest(BrokerConnectionsDocument),
  });
}

/** The broker catalogue (GET /api/brokers/available; the same for every user, the server caches it 5 minutes). */
export function brokerCatalogueQuery() {
  return queryOptions({
    queryKey: brokerKeys.catalogue(),
    staleTime: 5 * 60_000,
    queryFn: fetchAvailableBrokers,
  });
}
