import { Center, Spinner } from '@chakra-ui/react';

/** A spinner in the middle of the screen, while the app starts (the cache restore, the sign-in gate). */
export function FullScreenSpinner() {
  return (
    <Center minH="100dvh">
      <Spinner size="lg" color="fg.muted" role="status" aria-label="Loading" />
    </Center>
  );
}
