import { Button, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ActionDialog } from '../../../components/dialog/ActionDialog';
import { QueryContent } from '../../../components/page/QueryContent';
import { OFFLINE_BROKER_REASON } from '../../accounts/AccountsPage';
import { BrokerCard } from '../../accounts/components/BrokerCard';
import { brokerCatalogueQuery, brokerConnectionsQuery } from '../../accounts/queries';
import { useOnline } from '../../orders/useOnline';

interface BrokerStepProps {
  /** The step is done (a broker connected, or Connect Later confirmed): the wizard saves its progress. */
  onDone(connected: boolean): Promise<void>;
  busy: boolean;
}

/**
 * Step 1, Connect Your Broker (spec §2, §4 Broker connect): the catalogue with each broker's way to connect (OAuth,
 * which comes back to /onboarding, or the API-credentials dialog), 'Connected' with a check for a connected one,
 * and 'Connect Later' after a confirmation.
 */
export function BrokerStep({ onDone, busy }: BrokerStepProps) {
  const online = useOnline();
  const connections = useQuery(brokerConnectionsQuery());
  const catalogue = useQuery(brokerCatalogueQuery());
  const [confirmLater, setConfirmLater] = useState(false);
  const connected = new Set(connections.data?.brokerConnections.map((connection) => connection.provider));
  const later = (
    <Button variant="outline" disabled={busy}>
      Connect Later
    </Button>
  );
  return (
    <Stack gap="5">
      <Text color="fg.muted" textStyle="sm">
        Connect a brokerage account to trade with it. You can also start on paper and connect one later from Accounts.
      </Text>
      <QueryContent query={catalogue} what="The broker catalogue">
        {(brokers) => (
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            {brokers.map((broker) => (
              <BrokerCard
                key={broker.id}
                broker={broker}
                blockedReason={online ? null : OFFLINE_BROKER_REASON}
                connected={connected.has(broker.id)}
              />
            ))}
          </SimpleGrid>
        )}
      </QueryContent>
      <HStack justify="flex-end" gap="3" flexWrap="wrap">
        <ActionDialog
          open={confirmLater}
          onOpenChange={setConfirmLater}
          trigger={later}
          title="Connect a broker later?"
          cancelLabel="Stay here"
          action={
            <Button
              colorPalette="brand"
              loading={busy}
              onClick={() => {
                setConfirmLater(false);
                void onDone(connected.size > 0);
              }}
            >
              Connect Later
            </Button>
          }
        >
          <Text>You will trade on paper until a broker is connected. You can connect one any time from Accounts.</Text>
        </ActionDialog>
        {connected.size > 0 ? (
          <Button colorPalette="brand" loading={busy} onClick={() => void onDone(true)}>
            Continue
          </Button>
        ) : null}
      </HStack>
    </Stack>
  );
}
