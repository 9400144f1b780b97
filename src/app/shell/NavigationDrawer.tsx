import { CloseButton, Drawer, Portal } from '@chakra-ui/react';
import { BrandMark } from '../../components/layout/BrandMark';
import { SIDEBAR_WIDTH } from './layoutSizes';
import { SidebarContent } from './SidebarContent';

interface NavigationDrawerProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** The side navigation as a slide-in drawer (screens under 768 px); it closes on navigation. */
export function NavigationDrawer({ open, onOpenChange }: NavigationDrawerProps) {
  return (
    <Drawer.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} placement="start" unmountOnExit>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content maxW={`calc(${SIDEBAR_WIDTH} + 40px)`} bg="bg.panel">
            <Drawer.Header px="5" pt="5" pb="4">
              <Drawer.Title asChild>
                <div>
                  <BrandMark />
                </div>
              </Drawer.Title>
            </Drawer.Header>
            <Drawer.CloseTrigger asChild top="4" insetEnd="3">
              <CloseButton size="sm" aria-label="Close navigation" />
            </Drawer.CloseTrigger>
            <Drawer.Body p="0" display="flex" flexDirection="column">
              <SidebarContent showBrand={false} onNavigate={() => onOpenChange(false)} />
            </Drawer.Body>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
