import { Box, Button, Center, Heading, HStack, Icon, Stack, Text } from '@chakra-ui/react';
// lucide-react, one module per icon: the error screens are part of the first download, and react-icons/lu is a
// single module holding every icon the app uses.
import { LayoutDashboard, RefreshCw, TriangleAlert } from 'lucide-react';
import { ErrorDetails } from './ErrorDetails';
import type { FallbackProps } from './ErrorBoundary';

/** App-level error screen (spec §2): Refresh Page, Go to Dashboard, the error id and copyable details. */
export function AppErrorFallback({ error, errorId }: FallbackProps) {
  return (
    <Center minH="100dvh" px="4" bg="bg">
      <Stack
        role="alert"
        align="center"
        textAlign="center"
        gap="5"
        maxW="lg"
        bg="bg.panel"
        borderWidth="1px"
        borderRadius="xl"
        p={{ base: '6', md: '10' }}
        boxShadow="lg"
      >
        <Box bg="bg.error" color="fg.error" p="3" borderRadius="full">
          <Icon as={TriangleAlert} boxSize="7" />
        </Box>
        <Heading as="h1" size="2xl">
          The app ran into a problem
        </Heading>
        <Text color="fg.muted">
          Something unexpected stopped the app. Refreshing the page usually fixes it; your saved data is not affected.
        </Text>
        <Text fontFamily="mono" textStyle="sm" bg="bg.muted" px="3" py="2" borderRadius="md" wordBreak="break-word">
          {error.message}
        </Text>
        <HStack gap="3" wrap="wrap" justify="center">
          <Button colorPalette="brand" onClick={() => window.location.reload()}>
            <RefreshCw />
            Refresh Page
          </Button>
          <Button variant="outline" onClick={() => window.location.assign('/dashboard')}>
            <LayoutDashboard />
            Go to Dashboard
          </Button>
        </HStack>
        <ErrorDetails errorId={errorId} error={error} />
      </Stack>
    </Center>
  );
}
