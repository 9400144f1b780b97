import { HStack, Text } from '@chakra-ui/react';

/** Connected/Disconnected indicator (spec §2): whether messages can reach the assistant now. */
export function ConnectionIndicator({ connected }: { connected: boolean }) {
  return (
    <HStack gap="1.5" data-testid="chat-connection">
      <span
        aria-hidden
        style={{ width: 8, height: 8, borderRadius: 4, background: connected ? '#22c55e' : '#ef4444' }}
      />
      <Text textStyle="xs" color="fg.muted">
        {connected ? 'Connected' : 'Disconnected'}
      </Text>
    </HStack>
  );
}
