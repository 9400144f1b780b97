import { SimpleGrid, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { LuLandmark, LuPlug } from 'react-icons/lu';
import { EmptyStateCard } from '../../components/page/EmptyStateCard';
import { PageHeader } from '../../components/page/PageHeader';
import { QueryContent } from '../../components/page/QueryContent';
import { SectionCard } from '../../components/page/SectionCard';
import { useOnline } from '../orders/useOnline';
import { ConnectionCard } from './components/ConnectionCard';
import { BrokerCard } from './components/BrokerCard';
import { brokerCatalogueQuery, brokerConnectionsQuery } from './queries';

/** Why broker writes are disabled offline (they are never queued: the broker checks each one as it is made). */
export const OFFLINE_BROKER_REASON = "You're offline. Broker changes need a live connection.";

/** The Accounts page (issue 14 point 8): the user's broker connections and the catalogue to connect another. */
export function AccountsPage() {
  const online = useOnline();
  const blockedReason = online ? null : OFFLINE_BROKER_REASON;
  const connections = useQuery(brokerConnectionsQuery());
  const catalogue = useQuery(brokerCatalogueQuery());
  const brokerOf = (id: string) => catalogue.data?.find((broker) => broker.id === id);
  return (
    <>
      <PageHeader title="Accounts" description="Your broker accounts, their balances and sync state." />
      <Stack gap="5">
        <SectionCard title="Connected accounts" icon={LuLandmark}>
          <QueryContent query={connections} what="Broker accounts">
            {({ brokerConnections }) =>
              brokerConnections.length === 0 ? (
                <EmptyStateCard
                  icon={LuLandmark}
                  title="No broker accounts yet"
                  description="Connect a broker below to see its buying power, balances and sync status here."
                />
              ) : (
                <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
                  {brokerConnections.map((connection) => (
                    <ConnectionCard
                      key={connection.id}
                      connection={connection}
                      broker={brokerOf(connection.provider)}
                      blockedReason={blockedReason}
                    />
                  ))}
                </SimpleGrid>
              )
            }
          </QueryContent>
        </SectionCard>
        <SectionCard title="Connect a broker" icon={LuPlug}>
          <QueryContent query={catalogue} what="The broker catalogue">
            {(brokers) => (
              <SimpleGrid columns={{ base: 1, md: 2, xl: 4 }} gap="4">
                {brokers.map((broker) => (
                  <BrokerCard key={broker.id} broker={broker} blockedReason={blockedReason} />
                ))}
              </SimpleGrid>
            )}
          </QueryContent>
        </SectionCard>
      </Stack>
    </>
  );
}
