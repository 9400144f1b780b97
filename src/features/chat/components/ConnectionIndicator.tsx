import { HStack, Text } from '@chakra-ui/react';

export type ConnectionDisplay = 'connected' | 'reconnecting' | 'disconnected';

/** The indicator's state: Reconnecting… while the socket is retried, else Connected or Disconnected. */
export function connectionDisplay(connected: boolean, reconnecting: boolean): ConnectionDisplay {
  if (reconnecting) return 'reconnecting';
  return connected ? 'connected' : 'disconnected';
}

const LOOK: Record<ConnectionDisplay, { label: string; color: string }> = {
  connected: { label: 'Connected', color: '#22c55e' },
  reconnecting: { label: 'Reconnecting…', color: '#f59e0b' },
  disconnected: { label: 'Disconnected', color: '#ef4444' },
};

/** Connected/Reconnecting…/Disconnected indicator (spec §2, §3 Chat state): can messages reach the assistant. */
export function ConnectionIndicator({ state }: { state: ConnectionDisplay }) {
  const { label, color } = LOOK[state];
  return (
    <HStack gap="1.5" data-testid="chat-connection" data-state={state} aria-live="polite">
      <span aria-hidden style={{ width: 8, height: 8, borderRadius: 4, background: color, flexShrink: 0 }} />
      <Text textStyle="xs" color="fg.muted">
        {label}
      </Text>
    </HStack>
  );
}
