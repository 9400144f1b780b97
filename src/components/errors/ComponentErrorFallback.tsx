import { Button, HStack, Icon, Stack, Text } from '@chakra-ui/react';
// lucide-react, one module per icon: the error screens are part of the first download, and react-icons/lu is a
// single module holding every icon the app uses.
import { RotateCcw, TriangleAlert } from 'lucide-react';
import { ErrorDetails } from './ErrorDetails';
import type { FallbackProps } from './ErrorBoundary';

/** Component-level error card (spec §2): what failed, Retry, the error id and copyable details. */
export function ComponentErrorFallback({ error, errorId, reset, name }: FallbackProps & { name: string }) {
  return (
    <Stack role="alert" gap="3" p="4" borderWidth="1px" borderColor="border.error" borderRadius="lg" bg="bg.panel">
      <HStack gap="2" color="fg.error">
        <Icon as={TriangleAlert} boxSize="1em" />
        <Text fontWeight="medium">{name} could not be shown.</Text>
      </HStack>
      <Text textStyle="sm" color="fg.muted" wordBreak="break-word">
        {error.message}
      </Text>
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Button size="sm" variant="outline" onClick={reset}>
          <RotateCcw />
          Retry
        </Button>
        <ErrorDetails errorId={errorId} error={error} size="xs" />
      </HStack>
    </Stack>
  );
}
