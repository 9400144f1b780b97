import { Box, Button, Flex, Icon, Text } from '@chakra-ui/react';
import { useLayoutEffect, useRef } from 'react';
import { LuRefreshCw, LuWifiOff } from 'react-icons/lu';
import { publishBannerHeight } from './bannerOffset';
import { useOfflineBanner } from './useOfflineBanner';

const OFFLINE_TEXT = "You're offline.";
const CACHED_HINT = 'Some features are cached and still work.';
const LIMITED_HINT = 'Functionality is limited until the connection returns.';

/**
 * Spec §2 Offline banner: fixed at the top of the viewport, 2 s after the browser goes offline; hidden again once
 * it is back online. While it shows, its height is the layout's top offset (bannerOffset.ts), so it never covers
 * the page's own header.
 */
export function OfflineBanner() {
  const banner = useOfflineBanner();
  if (!banner.visible) return null;
  return (
    <VisibleBanner
      checking={banner.retry === 'checking'}
      workerActive={banner.workerActive}
      workerVersion={banner.workerVersion}
      onRetry={banner.retryNow}
    />
  );
}

/** The banner as it shows offline, in the page's flow (the Loading demo): nothing is measured or fixed. */
export function OfflineBannerPreview({ onRetry }: { onRetry(): void }) {
  return <VisibleBanner checking={false} workerActive workerVersion={null} onRetry={onRetry} inline />;
}

interface VisibleBannerProps {
  /** In the page's flow instead of fixed at the top (a preview). */
  inline?: boolean;
  checking: boolean;
  workerActive: boolean;
  workerVersion: string | null;
  onRetry(): void;
}

function VisibleBanner({ inline = false, checking, workerActive, workerVersion, onRetry }: VisibleBannerProps) {
  const element = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => (element.current && !inline ? publishBannerHeight(element.current) : undefined), [inline]);

  return (
    <Box
      ref={element}
      role="status"
      aria-live="polite"
      data-testid={inline ? 'offline-banner-preview' : 'offline-banner'}
      position={inline ? 'relative' : 'fixed'}
      top="0"
      insetX="0"
      zIndex={inline ? undefined : 'banner'}
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
          <Text as="span">{workerActive ? CACHED_HINT : LIMITED_HINT}</Text>
          {workerVersion ? (
            <Text as="span" display="block" textStyle="xs" opacity={0.8} data-testid="offline-banner-version">
              Version {workerVersion}
            </Text>
          ) : null}
        </Box>
        <Button size="xs" variant="outline" colorPalette="orange" flexShrink={0} onClick={onRetry} disabled={checking}>
          <LuRefreshCw aria-hidden />
          {checking ? 'Checking...' : 'Retry'}
        </Button>
      </Flex>
    </Box>
  );
}
