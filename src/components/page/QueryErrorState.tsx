import { Button, HStack, Icon, Stack, Text } from '@chakra-ui/react';
import { LuRotateCcw, LuWifiOff } from 'react-icons/lu';
import { errorText } from '../../graphql/errors';

interface QueryErrorStateProps {
  error: unknown;
  onRetry(): void;
  retrying?: boolean;
  /** What could not be loaded, e.g. "System health". */
  what: string;
}

/** A failed request: what could not be loaded, the spec §8 error text, and Retry. */
export function QueryErrorState({ error, onRetry, retrying = false, what }: QueryErrorStateProps) {
  return (
    <Stack role="alert" gap="3" align="flex-start">
      <HStack gap="2" color="fg.error">
        <Icon as={LuWifiOff} />
        <Text fontWeight="medium">{what} could not be loaded.</Text>
      </HStack>
      <Text textStyle="sm" color="fg.muted">
        {errorText(error)}
      </Text>
      <Button size="sm" variant="outline" onClick={onRetry} loading={retrying} loadingText="Retrying">
        <LuRotateCcw />
        Retry
      </Button>
    </Stack>
  );
}
