import { Box, Flex, HStack, Separator, Stack } from '@chakra-ui/react';
import { PendingChangesBadge } from '../../features/outbox/PendingChangesBadge';
import { LiveModeMarker } from '../../features/trading/components/LiveModeMarker';
import { TradingModeSwitch } from '../../features/trading/components/TradingModeSwitch';
import { BrandMark } from '../../components/layout/BrandMark';
import { LogoutButton } from '../../features/auth/LogoutButton';
import { MainNavigation } from './MainNavigation';
import { ThemeToggleButton } from '../../components/layout/ThemeToggleButton';

/** Everything in the side navigation: logo, entries, the Paper/Live switch, theme toggle and Logout. */
export function SidebarContent({ onNavigate, showBrand = true }: { onNavigate?: () => void; showBrand?: boolean }) {
  return (
    <Flex direction="column" h="full" minH="0">
      {showBrand ? (
        <HStack px="5" pt="5" pb="4" justify="space-between">
          <BrandMark />
          <LiveModeMarker />
        </HStack>
      ) : null}
      <Box flex="1" overflowY="auto" px="3" py="2">
        <MainNavigation onNavigate={onNavigate} />
      </Box>
      <Stack gap="3" px="4" pt="3" pb="4" borderTopWidth="1px">
        <PendingChangesBadge />
        <TradingModeSwitch />
        <Separator />
        <HStack justify="space-between">
          <LogoutButton />
          <ThemeToggleButton />
        </HStack>
      </Stack>
    </Flex>
  );
}
