import { Box, Stack, Text } from '@chakra-ui/react';
import { useLocation } from '@tanstack/react-router';
import { isNavTargetActive } from './navActive';
import { HELP_NAV_ITEMS, MAIN_NAV_ITEMS, MONITORING_NAV_ITEMS, type NavItem } from './navItems';
import { NavLinkItem } from './NavLinkItem';

interface NavListProps {
  items: readonly NavItem[];
  pathname: string;
  onNavigate?: () => void;
}

function NavList({ items, pathname, onNavigate }: NavListProps) {
  return (
    <Stack as="ul" gap="0.5" listStyleType="none" m="0" p="0">
      {items.map((item) => (
        <Box as="li" key={item.to}>
          <NavLinkItem item={item} active={isNavTargetActive(pathname, item)} onNavigate={onNavigate} />
        </Box>
      ))}
    </Stack>
  );
}

/** A titled group of entries below the main ones. */
function NavSection({ id, title, items, pathname, onNavigate }: NavListProps & { id: string; title: string }) {
  return (
    <>
      <Text
        id={id}
        mt="6"
        mb="2"
        px="3"
        textStyle="xs"
        fontWeight="semibold"
        color="fg.subtle"
        textTransform="uppercase"
        letterSpacing="wider"
      >
        {title}
      </Text>
      <Box role="group" aria-labelledby={id}>
        <NavList items={items} pathname={pathname} onNavigate={onNavigate} />
      </Box>
    </>
  );
}

/** The "Main navigation" landmark: the spec's entries, then the Monitoring and Help sections. */
export function MainNavigation({ onNavigate }: { onNavigate?: () => void }) {
  const pathname = useLocation({ select: (location) => location.pathname });
  return (
    <Box as="nav" aria-label="Main navigation">
      <NavList items={MAIN_NAV_ITEMS} pathname={pathname} onNavigate={onNavigate} />
      <NavSection
        id="nav-monitoring-heading"
        title="Monitoring"
        items={MONITORING_NAV_ITEMS}
        pathname={pathname}
        onNavigate={onNavigate}
      />
      <NavSection
        id="nav-help-heading"
        title="Help"
        items={HELP_NAV_ITEMS}
        pathname={pathname}
        onNavigate={onNavigate}
      />
    </Box>
  );
}
