import { Button, HStack, Icon, Stack, Text } from '@chakra-ui/react';
import { LuRotateCcw, LuTriangleAlert } from 'react-icons/lu';
import { ErrorDetails } from './ErrorDetails';
import type { FallbackProps } from './ErrorBoundary';

/** Component-level error card (spec §2): what failed, Retry, the error id and copyable details. */
export function ComponentErrorFallback({ error, errorId, reset, name }: FallbackProps & { name: string }) {
  return (
    <Stack role="alert" gap="3" p="4" borderWidth="1px" borderColor="border.error" borderRadius="lg" bg="bg.panel">
      <HStack gap="2" color="fg.error">
        <Icon as={LuTriangleAlert} />
        <Text fontWeight="medium">{name} could not be shown.</Text>
      </HStack>
      <Text textStyle="sm" color="fg.muted" wordBreak="break-word">
        {error.message}
      </Text>
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Button size="sm" variant="outline" onClick={reset}>
          <LuRotateCcw />
          Retry
        </Button>
        <ErrorDetails errorId={errorId} error={error} size="xs" />
      </HStack>
    </Stack>
  );
}
