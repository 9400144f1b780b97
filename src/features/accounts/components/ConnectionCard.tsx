import { Badge, Button, Card, HStack, Image, Stack, Text, Wrap } from '@chakra-ui/react';
import { useState } from 'react';
import { LuRefreshCw, LuShieldCheck, LuUnplug } from 'react-icons/lu';
import { ActionDialog } from '../../../components/dialog/ActionDialog';
import { StatList } from '../../../components/page/StatList';
import { toast } from '../../../components/toast/toaster';
import type { BrokerConnectionFieldsFragment } from '../../../graphql/generated/graphql';
import { errorText } from '../../../graphql/errors';
import { formatDateTime } from '../../../lib/format';
import { formatUsd } from '../../market/formatMarket';
import type { AvailableBroker } from '../brokersRest';
import { maskAccountNumber } from '../maskAccount';
import { useDisconnectBroker, useSyncBroker, useVerifyBroker } from '../mutations';

interface ConnectionCardProps {
  connection: BrokerConnectionFieldsFragment;
  /** The provider's catalogue entry (name and logo); undefined while the catalogue loads. */
  broker: AvailableBroker | undefined;
  /** Why the actions are disabled (offline), or null. */
  blockedReason: string | null;
}

/** Short enough to sit beside its label on a phone: Nov 24, 2:39 PM. */
const SYNC_TIME = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

const failed = (title: string) => (error: unknown) =>
  toast({ title, description: errorText(error), variant: 'destructive' });

/** One broker connection (issue 14 point 8): its account as the broker last reported it, Sync now, Verify, Disconnect. */
export function ConnectionCard({ connection, broker, blockedReason }: ConnectionCardProps) {
  const [confirming, setConfirming] = useState(false);
  const sync = useSyncBroker();
  const verify = useVerifyBroker();
  const disconnect = useDisconnectBroker();
  const name = broker?.name ?? connection.provider;
  const masked = maskAccountNumber(connection.accountNumber);
  const mode = connection.paperTrading ? 'Paper' : 'Live';
  const account = connection.account;
  const busy = sync.isPending || verify.isPending || disconnect.isPending;
  const disabled = blockedReason !== null || busy;
  return (
    <Card.Root variant="outline" bg="bg.panel" borderRadius="xl" aria-label={`${name} ${mode} ${masked}`}>
      <Card.Header pb="2">
        <HStack gap="3" align="center">
          {broker ? <Image src={broker.brokerLogoUrl} alt="" boxSize="10" borderRadius="md" /> : null}
          <Stack gap="0.5" minW="0" flex="1">
            <Wrap gap="2" align="center">
              <Card.Title as="h3" textStyle="md" fontWeight="semibold">
                {name}
              </Card.Title>
              <Badge colorPalette={connection.paperTrading ? 'blue' : 'red'} variant="subtle">
                {mode}
              </Badge>
              <Badge colorPalette={connection.status === 'CONNECTED' ? 'green' : 'red'} variant="subtle">
                {connection.status === 'CONNECTED' ? 'Connected' : 'Error'}
              </Badge>
            </Wrap>
            <Text textStyle="sm" color="fg.muted" fontVariantNumeric="tabular-nums" whiteSpace="nowrap">
              Account {masked}
            </Text>
          </Stack>
        </HStack>
        {connection.status === 'ERROR' && connection.statusMessage ? (
          <Text role="status" textStyle="sm" color="fg.error" pt="2">
            {connection.statusMessage}
          </Text>
        ) : null}
      </Card.Header>
      <Card.Body pt="2">
        <StatList
          items={[
            { label: 'Buying power', value: formatUsd(account?.buyingPower) },
            { label: 'Portfolio value', value: formatUsd(account?.portfolioValue) },
            { label: 'Cash', value: formatUsd(account?.cashBalance) },
            { label: 'Margin used', value: formatUsd(account?.marginUsed) },
            { label: 'Day trades', value: account ? String(account.dayTradeCount) : '—' },
            { label: 'Pattern day trader', value: account ? (account.isPatternDayTrader ? 'Yes' : 'No') : '—' },
            { label: 'Verified', value: connection.isVerified ? 'Yes' : 'No' },
            {
              label: 'Last sync',
              value: connection.lastSyncAt ? formatDateTime(connection.lastSyncAt, SYNC_TIME) : 'Never',
            },
          ]}
        />
      </Card.Body>
      <Card.Footer flexDirection="column" alignItems="stretch" gap="2">
        <Wrap gap="2">
          <Button
            size="sm"
            variant="outline"
            loading={sync.isPending}
            disabled={disabled}
            onClick={() => sync.mutate(connection.id, { onError: failed(`Sync of ${name} failed`) })}
          >
            <LuRefreshCw /> Sync now
          </Button>
          <Button
            size="sm"
            variant="outline"
            loading={verify.isPending}
            disabled={disabled}
            onClick={() =>
              verify.mutate(connection.id, {
                onSuccess: ({ verifyBroker: result }) =>
                  toast({
                    title: result.verified ? `${name} verified` : `${name} not verified`,
                    description: result.message ?? result.error ?? undefined,
                    variant: result.verified ? 'default' : 'destructive',
                  }),
                onError: failed(`Verification of ${name} failed`),
              })
            }
          >
            <LuShieldCheck /> Verify
          </Button>
          <ActionDialog
            open={confirming}
            onOpenChange={setConfirming}
            alert
            title={`Disconnect ${name}?`}
            trigger={
              <Button size="sm" variant="outline" colorPalette="red" disabled={disabled}>
                <LuUnplug /> Disconnect
              </Button>
            }
            action={
              <Button
                colorPalette="red"
                loading={disconnect.isPending}
                onClick={() =>
                  disconnect.mutate(connection.id, {
                    onSuccess: () => {
                      setConfirming(false);
                      toast({ title: `${name} disconnected` });
                    },
                    onError: failed(`Disconnecting ${name} failed`),
                  })
                }
              >
                Disconnect
              </Button>
            }
          >
            <Text>
              The {mode.toLowerCase()} account {masked} is removed from this app with its stored credentials. Your
              account at {name} is not affected.
            </Text>
          </ActionDialog>
        </Wrap>
        {blockedReason ? (
          <Text textStyle="xs" color="fg.muted">
            {blockedReason}
          </Text>
        ) : null}
      </Card.Footer>
    </Card.Root>
  );
}
