import { Alert, HStack, List, Spinner, Stack, Text } from '@chakra-ui/react';
import { FullScreenPage } from '../../components/page/FullScreenPage';
import { useOAuthCallback } from './useOAuthCallback';

const destination = (path: string) => (path === '/onboarding' ? 'setup' : 'Settings');

/** Return point of a broker's OAuth flow (spec §2 "OAuth callback screen"): processing, then success or error. */
export function OAuthCallbackPage() {
  const phase = useOAuthCallback();
  return (
    <FullScreenPage title="Connecting your broker">
      {phase.kind === 'processing' ? (
        <HStack gap="3" role="status">
          <Spinner size="sm" color="brand.fg" />
          <Text>Completing the connection with your broker…</Text>
        </HStack>
      ) : (
        <Stack gap="4">
          <Alert.Root status={phase.kind === 'success' ? 'success' : 'error'} borderRadius="lg">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>
                {phase.kind === 'success' ? `${phase.brokerName} connected` : 'Broker connection failed'}
              </Alert.Title>
              <Alert.Description>
                {phase.kind === 'success' ? (
                  <List.Root ps="4" pt="1">
                    {phase.accounts.map((account) => (
                      <List.Item key={account}>{account}</List.Item>
                    ))}
                  </List.Root>
                ) : (
                  phase.message
                )}
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
          <Text role="status" textStyle="sm" color="fg.muted">
            Taking you back to {destination(phase.redirectTo)}…
          </Text>
        </Stack>
      )}
    </FullScreenPage>
  );
}
