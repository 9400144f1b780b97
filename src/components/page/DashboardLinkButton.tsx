import { Button } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import type { IconType } from 'react-icons';
import { LuLayoutDashboard } from 'react-icons/lu';

interface DashboardLinkButtonProps {
  label?: string;
  icon?: IconType;
}

/** The primary way back to the Dashboard from pages outside the normal flow (onboarding, OAuth, not found). */
export function DashboardLinkButton({
  label = 'Go to Dashboard',
  icon: IconComponent = LuLayoutDashboard,
}: DashboardLinkButtonProps) {
  return (
    <Button asChild colorPalette="brand">
      <Link to="/dashboard">
        <IconComponent />
        {label}
      </Link>
    </Button>
  );
}
