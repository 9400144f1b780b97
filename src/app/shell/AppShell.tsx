import { Box } from '@chakra-ui/react';
import { Outlet, useLocation } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { AlertEvents } from '../../features/alerts/AlertEvents';
import { LazyOpportunityEvents } from '../../features/opportunities/LazyOpportunityEvents';
import { ChatAssistant } from '../../features/chat/components/ChatAssistant';
import { TradingEvents } from '../../features/orders/TradingEvents';
import { useIsDesktop } from '../../lib/useMediaQuery';
import { PageErrorBoundary } from '../../components/errors/boundaries';
import { OFFLINE_BANNER_OFFSET } from '../../components/offline/bannerOffset';
import { OfflineBanner } from '../../components/offline/OfflineBanner';
import { SIDEBAR_WIDTH } from './layoutSizes';
import { MobileTopBar } from './MobileTopBar';
import { NavigationDrawer } from './NavigationDrawer';
import { Sidebar } from './Sidebar';

/** The signed-in layout: side navigation (a drawer on phones) and the page, inside a page-level boundary. */
export function AppShell() {
  const isDesktop = useIsDesktop();
  const pathname = useLocation({ select: (location) => location.pathname });
  // The drawer is open only on the path it was opened on, so any navigation closes it.
  const [drawerOpenOn, setDrawerOpenOn] = useState<string | null>(null);
  const drawerOpen = drawerOpenOn === pathname;
  const setDrawerOpen = (open: boolean) => setDrawerOpenOn(open ? pathname : null);
  // What fired while the app was closed, once as a toast (loaded apart: nothing added to the first download).
  useEffect(() => void import('../../features/push/catchUp').then((m) => m.catchUp()).catch(() => undefined), []);

  return (
    <Box minH="100dvh" pt={OFFLINE_BANNER_OFFSET}>
      <OfflineBanner />
      <TradingEvents />
      <AlertEvents />
      <LazyOpportunityEvents />
      {isDesktop ? (
        <Sidebar />
      ) : (
        <>
          <MobileTopBar onOpenNavigation={() => setDrawerOpen(true)} />
          <NavigationDrawer open={drawerOpen} onOpenChange={setDrawerOpen} />
        </>
      )}
      <Box ms={isDesktop ? SIDEBAR_WIDTH : '0'}>
        <Box as="main" id="main-content" maxW="7xl" mx="auto" px={{ base: '4', md: '8' }} py={{ base: '5', md: '8' }}>
          <PageErrorBoundary resetKey={pathname}>
            <Outlet />
          </PageErrorBoundary>
        </Box>
      </Box>
      <ChatAssistant />
    </Box>
  );
}
