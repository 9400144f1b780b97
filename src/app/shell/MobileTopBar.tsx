import { Flex, IconButton } from '@chakra-ui/react';
import { LuMenu } from 'react-icons/lu';
import { PendingChangesBadge } from '../../features/outbox/PendingChangesBadge';
import { LiveModeMarker } from '../../features/trading/components/LiveModeMarker';
import { BrandMark } from '../../components/layout/BrandMark';
import { OFFLINE_BANNER_OFFSET } from '../../components/offline/bannerOffset';
import { TOP_BAR_HEIGHT } from './layoutSizes';
import { ThemeToggleButton } from '../../components/layout/ThemeToggleButton';

/** The top app bar of screens under 768 px: menu button, logo (and the red 'Live' marker in live mode), theme toggle. */
export function MobileTopBar({ onOpenNavigation }: { onOpenNavigation(): void }) {
  return (
    <Flex
      as="header"
      position="sticky"
      top={OFFLINE_BANNER_OFFSET}
      zIndex="sticky"
      h={TOP_BAR_HEIGHT}
      px="2"
      align="center"
      justify="space-between"
      bg="bg.panel"
      borderBottomWidth="1px"
    >
      <Flex align="center" gap="1">
        <IconButton aria-label="Open navigation" variant="ghost" onClick={onOpenNavigation}>
          <LuMenu />
        </IconButton>
        <BrandMark />
        <LiveModeMarker />
      </Flex>
      <Flex align="center" gap="1">
        <PendingChangesBadge compact />
        <ThemeToggleButton />
      </Flex>
    </Flex>
  );
}
