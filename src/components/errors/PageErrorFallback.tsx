import { Box, Button, Heading, HStack, Icon, Stack, Text } from '@chakra-ui/react';
// lucide-react, one module per icon: the error screens are part of the first download, and react-icons/lu is a
// single module holding every icon the app uses.
import { ArrowLeft, RotateCcw, TriangleAlert } from 'lucide-react';
import { ErrorDetails } from './ErrorDetails';
import type { CapturedError } from './reporter';

interface PageErrorFallbackProps {
  error: CapturedError;
  errorId: string;
  onRetry(): void;
}

/** Page-level error screen (spec §2): Try Again, Go Back, the error id and copyable details. */
export function PageErrorFallback({ error, errorId, onRetry }: PageErrorFallbackProps) {
  return (
    <Stack role="alert" align="center" textAlign="center" gap="5" py={{ base: '12', md: '20' }} px="4">
      <Box bg="bg.error" color="fg.error" p="3" borderRadius="full">
        <Icon as={TriangleAlert} boxSize="7" />
      </Box>
      <Stack gap="2" maxW="lg">
        <Heading as="h1" size="2xl">
          Something went wrong
        </Heading>
        <Text color="fg.muted">This page ran into an error. Try again, or go back to where you were.</Text>
      </Stack>
      <Text
        fontFamily="mono"
        textStyle="sm"
        bg="bg.muted"
        px="3"
        py="2"
        borderRadius="md"
        maxW="lg"
        wordBreak="break-word"
      >
        {error.message}
      </Text>
      <HStack gap="3" wrap="wrap" justify="center">
        <Button colorPalette="brand" onClick={onRetry}>
          <RotateCcw />
          Try Again
        </Button>
        <Button variant="outline" onClick={() => window.history.back()}>
          <ArrowLeft />
          Go Back
        </Button>
      </HStack>
      <ErrorDetails errorId={errorId} error={error} />
    </Stack>
  );
}
