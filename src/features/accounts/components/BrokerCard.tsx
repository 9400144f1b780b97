import { Badge, Button, Card, HStack, Image, Stack, Text, Wrap } from '@chakra-ui/react';
import { useState } from 'react';
import { LuCircleCheck } from 'react-icons/lu';
import type { BrokerFeature } from '../../../domain/brokers/catalogue';
import { startOAuth } from '../../oauth/oauthFlow';
import { RestError, type AvailableBroker } from '../brokersRest';
import { CONNECT_FAILED_TEXT } from '../credentialsForm';
import { CredentialsDialog } from './CredentialsDialog';

const FEATURE_LABELS: Record<BrokerFeature, string> = {
  stocks: 'Stocks',
  etfs: 'ETFs',
  options: 'Options',
  futures: 'Futures',
  forex: 'Forex',
  paper_trading: 'Paper trading',
  fractional_shares: 'Fractional shares',
  commission_free: 'Commission-free',
  research: 'Research',
  advisory: 'Advisory',
};

interface BrokerCardProps {
  broker: AvailableBroker;
  /** Why connecting is disabled (offline), or null. */
  blockedReason: string | null;
  /** The user has an account of this broker connected: 'Connected' with a check instead of Connect. */
  connected?: boolean;
}

/**
 * A catalogue entry with its way to connect (spec §4 "Broker connect"): OAuth when the broker has it, falling back to
 * the API-credentials dialog when the server has no OAuth app for it (409, its message shown); the dialog for the
 * others; 'Not yet available' for an entry this app cannot connect (never a fake success); 'Connected' with a check
 * once the user has an account of it.
 */
export function BrokerCard({ broker, blockedReason, connected = false }: BrokerCardProps) {
  const [starting, setStarting] = useState(false);
  const [oauthRefusal, setOauthRefusal] = useState<{ message: string; fallback: boolean } | null>(null);
  const connectButton = (
    <Button size="sm" disabled={blockedReason !== null}>
      {oauthRefusal?.fallback ? 'Connect with API keys' : 'Connect'}
    </Button>
  );
  const beginOAuth = async () => {
    setStarting(true);
    setOauthRefusal(null);
    try {
      await startOAuth(broker.id);
    } catch (error) {
      setStarting(false);
      const conflict = error instanceof RestError && error.status === 409;
      setOauthRefusal({
        message: error instanceof RestError && error.message ? error.message : CONNECT_FAILED_TEXT,
        fallback: conflict,
      });
    }
  };
  return (
    <Card.Root variant="outline" bg="bg.panel" borderRadius="xl" aria-label={broker.name} h="full">
      <Card.Header pb="2">
        <HStack gap="3">
          <Image src={broker.brokerLogoUrl} alt="" boxSize="10" borderRadius="md" />
          <Card.Title as="h3" textStyle="md" fontWeight="semibold">
            {broker.name}
          </Card.Title>
        </HStack>
      </Card.Header>
      <Card.Body pt="1" gap="3">
        <Text textStyle="sm" color="fg.muted">
          {broker.brokerDescription}
        </Text>
        <Wrap gap="1.5">
          {broker.supportedFeatures.map((feature) => (
            <Badge key={feature} variant="outline" size="sm">
              {FEATURE_LABELS[feature]}
            </Badge>
          ))}
        </Wrap>
      </Card.Body>
      <Card.Footer>
        <Stack gap="2" w="full">
          {connected ? (
            <HStack gap="1.5" color="fg.success" fontWeight="medium" textStyle="sm">
              <LuCircleCheck aria-hidden />
              <Text>Connected</Text>
            </HStack>
          ) : !broker.available ? (
            <Badge alignSelf="flex-start" colorPalette="gray" variant="subtle">
              Not yet available
            </Badge>
          ) : broker.oauthEnabled && !oauthRefusal?.fallback ? (
            <Button
              size="sm"
              alignSelf="flex-start"
              loading={starting}
              disabled={blockedReason !== null}
              onClick={() => void beginOAuth()}
            >
              Connect
            </Button>
          ) : (
            <CredentialsDialog broker={broker} trigger={connectButton} />
          )}
          {oauthRefusal ? (
            <Text role="alert" textStyle="sm" color={oauthRefusal.fallback ? 'fg.muted' : 'fg.error'}>
              {oauthRefusal.message}
            </Text>
          ) : null}
        </Stack>
      </Card.Footer>
    </Card.Root>
  );
}
