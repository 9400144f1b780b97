import { Box, Button, Flex, Icon, Text } from '@chakra-ui/react';
import { LuRefreshCw, LuWifiOff } from 'react-icons/lu';
import { useOfflineBanner } from './useOfflineBanner';

const OFFLINE_TEXT = "You're offline.";
const CACHED_HINT = 'Some features are cached and still work.';
const LIMITED_HINT = 'Functionality is limited until the connection returns.';

/**
 * Spec §2 Offline banner: sticks to the top of the page column (below the phone top bar, whose height `top`
 * gives), 2 s after the browser goes offline; hidden again once it is back online.
 */
export function OfflineBanner({ top = '0' }: { top?: string }) {
  const banner = useOfflineBanner();
  if (!banner.visible) return null;
  const checking = banner.retry === 'checking';

  return (
    <Box
      role="status"
      aria-live="polite"
      data-testid="offline-banner"
      position="sticky"
      top={top}
      zIndex="banner"
      bg="orange.subtle"
      color="orange.fg"
      borderBottomWidth="1px"
      borderColor="orange.muted"
      px={{ base: '4', md: '8' }}
      py="2"
    >
      <Flex maxW="7xl" mx="auto" align="center" gap="3">
        <Icon as={LuWifiOff} boxSize="5" flexShrink={0} aria-hidden />
        <Box flex="1" minW="0" textStyle="sm">
          <Text as="span" fontWeight="semibold">
            {OFFLINE_TEXT}
          </Text>{' '}
          <Text as="span">{banner.workerActive ? CACHED_HINT : LIMITED_HINT}</Text>
          {banner.workerVersion ? (
            <Text as="span" display="block" textStyle="xs" opacity={0.8} data-testid="offline-banner-version">
              Version {banner.workerVersion}
            </Text>
          ) : null}
        </Box>
        <Button
          size="xs"
          variant="outline"
          colorPalette="orange"
          flexShrink={0}
          onClick={banner.retryNow}
          disabled={checking}
        >
          <LuRefreshCw aria-hidden />
          {checking ? 'Checking...' : 'Retry'}
        </Button>
      </Flex>
    </Box>
  );
}
