import { Icon, Link as ChakraLink } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import type { NavItem } from './navItems';

interface NavLinkItemProps {
  item: NavItem;
  active: boolean;
  onNavigate?: () => void;
}

/** One navigation entry: icon and label; the active entry is highlighted and marked aria-current. */
export function NavLinkItem({ item, active, onNavigate }: NavLinkItemProps) {
  return (
    <ChakraLink
      asChild
      display="flex"
      alignItems="center"
      gap="3"
      px="3"
      py="2"
      borderRadius="md"
      textStyle="sm"
      fontWeight={active ? 'semibold' : 'medium'}
      color={active ? 'brand.fg' : 'fg.muted'}
      bg={active ? 'brand.subtle' : 'transparent'}
      textDecoration="none"
      position="relative"
      _hover={{ bg: active ? 'brand.subtle' : 'bg.muted', color: active ? 'brand.fg' : 'fg', textDecoration: 'none' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '1px' }}
      _before={
        active
          ? {
              content: '""',
              position: 'absolute',
              insetStart: '0',
              top: '2',
              bottom: '2',
              width: '3px',
              borderRadius: 'full',
              bg: 'brand.solid',
            }
          : undefined
      }
    >
      <Link to={item.to} aria-current={active ? 'page' : undefined} onClick={onNavigate}>
        <Icon as={item.icon} boxSize="4.5" flexShrink="0" />
        {item.label}
      </Link>
    </ChakraLink>
  );
}
