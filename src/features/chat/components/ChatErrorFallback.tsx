import { Button, Stack, Text } from '@chakra-ui/react';
import type { FallbackProps } from '../../../components/errors/ErrorBoundary';

/** Spec §2: the chat's error fallback shows 'Chat System Error', the message and 'Try Again'. */
export function ChatErrorFallback({ error, errorId, reset }: FallbackProps) {
  return (
    <Stack gap="3" p="6" align="flex-start" role="alert">
      <Text fontWeight="semibold" textStyle="lg">
        Chat System Error
      </Text>
      <Text textStyle="sm" color="fg.muted">
        {error.message}
      </Text>
      <Text textStyle="xs" color="fg.subtle" fontFamily="mono">
        {errorId}
      </Text>
      <Button size="sm" onClick={reset}>
        Try Again
      </Button>
    </Stack>
  );
}
