import { Center, Spinner } from '@chakra-ui/react';
import { LOADING_MOTION_DELAY } from '../../theme/loadingMotion';

/**
 * A spinner in the middle of the screen, while the app starts (the cache restore, the sign-in gate). It fades in
 * and turns only once the wait has lasted LOADING_MOTION_DELAY (see loadingMotion.ts); its status is announced
 * from the start.
 */
export function FullScreenSpinner() {
  return (
    <Center minH="100dvh">
      <Spinner
        size="lg"
        color="fg.muted"
        role="status"
        aria-label="Loading"
        animation={`fade-in 200ms ease-out ${LOADING_MOTION_DELAY} both, spin 500ms linear ${LOADING_MOTION_DELAY} infinite`}
      />
    </Center>
  );
}
