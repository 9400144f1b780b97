import { Box, Stack, Text } from '@chakra-ui/react';
import { useLocation } from '@tanstack/react-router';
import { isNavTargetActive } from './navActive';
import { HELP_NAV_ITEMS, MAIN_NAV_ITEMS, type NavItem } from './navItems';
import { NavLinkItem } from './NavLinkItem';

function NavList({
  items,
  pathname,
  onNavigate,
}: {
  items: readonly NavItem[];
  pathname: string;
  onNavigate?: () => void;
}) {
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

/** The "Main navigation" landmark: the spec's entries, then the Help section. */
export function MainNavigation({ onNavigate }: { onNavigate?: () => void }) {
  const pathname = useLocation({ select: (location) => location.pathname });
  return (
    <Box as="nav" aria-label="Main navigation">
      <NavList items={MAIN_NAV_ITEMS} pathname={pathname} onNavigate={onNavigate} />
      <Text
        id="nav-help-heading"
        mt="6"
        mb="2"
        px="3"
        textStyle="xs"
        fontWeight="semibold"
        color="fg.subtle"
        textTransform="uppercase"
        letterSpacing="wider"
      >
        Help
      </Text>
      <Box role="group" aria-labelledby="nav-help-heading">
        <NavList items={HELP_NAV_ITEMS} pathname={pathname} onNavigate={onNavigate} />
      </Box>
    </Box>
  );
}
