import { Button, Code, HStack, Text } from '@chakra-ui/react';
import { LuCheck, LuCopy } from 'react-icons/lu';
import { useCopyConfirmation } from '../../lib/useCopyConfirmation';
import { errorDetailsText } from './errorDetails';
import type { CapturedError } from './reporter';

interface ErrorDetailsProps {
  errorId: string;
  error: CapturedError;
  size?: 'xs' | 'sm';
}

/** The error id and a "Copy details" button (id, message, stack) with a 2 s "Copied" confirmation. */
export function ErrorDetails({ errorId, error, size = 'sm' }: ErrorDetailsProps) {
  const { copy, copied, failed } = useCopyConfirmation();
  return (
    <HStack gap="3" wrap="wrap" justify="center">
      <Text textStyle={size} color="fg.muted">
        Error ID:{' '}
        <Code size={size} data-testid="error-id">
          {errorId}
        </Code>
      </Text>
      <Button size={size} variant="ghost" onClick={() => void copy(errorDetailsText(errorId, error))}>
        {copied ? <LuCheck /> : <LuCopy />}
        {copied ? 'Copied' : 'Copy details'}
      </Button>
      {failed ? (
        <Text textStyle="xs" color="fg.error" role="status">
          Could not copy: the clipboard is not available.
        </Text>
      ) : null}
    </HStack>
  );
}
