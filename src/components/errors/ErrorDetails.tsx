import { Button, Code, HStack, Text } from '@chakra-ui/react';
// lucide-react, one module per icon: the error screens are part of the first download, and react-icons/lu is a
// single module holding every icon the app uses.
import { Check, Copy } from 'lucide-react';
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
        {copied ? <Check /> : <Copy />}
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
