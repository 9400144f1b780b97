import type { IconType } from 'react-icons';
import {
  LuActivity,
  LuBriefcase,
  LuChartLine,
  LuFileChartColumn,
  LuFlaskConical,
  LuLandmark,
  LuLayoutDashboard,
  LuRocket,
  LuSettings,
  LuWorkflow,
} from 'react-icons/lu';
import { MONITORING_PAGES } from '../../features/monitoring/monitoringPages';
import type { FileRouteTypes } from '../../routeTree.gen';
import type { NavTarget } from './navActive';

export interface NavItem extends NavTarget {
  label: string;
  to: FileRouteTypes['to'];
  icon: IconType;
}

/** The side navigation's entries, in the spec's order (§2 Side navigation). */
export const MAIN_NAV_ITEMS: readonly NavItem[] = [
  { label: 'Dashboard', to: '/dashboard', aliases: ['/', '/overview'], icon: LuLayoutDashboard },
  { label: 'Portfolio', to: '/portfolio', icon: LuBriefcase },
  { label: 'Strategies', to: '/strategies', icon: LuWorkflow },
  { label: 'Activity Center', to: '/activity', icon: LuActivity },
  { label: 'Analytics', to: '/analytics', icon: LuChartLine },
  { label: 'Simulation', to: '/simulation', icon: LuFlaskConical },
  { label: 'Custom Reports', to: '/custom-reports', icon: LuFileChartColumn },
  { label: 'Accounts', to: '/accounts', icon: LuLandmark },
  { label: 'Settings', to: '/settings', icon: LuSettings },
];

/** The Monitoring section below the main entries (issue 16 point 7), as the live dashboard links them. */
export const MONITORING_NAV_ITEMS: readonly NavItem[] = MONITORING_PAGES;

/** The Help section below the main entries. */
export const HELP_NAV_ITEMS: readonly NavItem[] = [{ label: 'Getting Started', to: '/onboarding', icon: LuRocket }];
