import { LuGauge, LuLoader, LuMemoryStick, LuRadar } from 'react-icons/lu';

/**
 * The monitoring pages (issue 16 point 7), one list: the navigation's Monitoring section shows them all
 * (src/app/shell/navItems.ts), the live dashboard's header links to the others.
 */
export const MONITORING_PAGES = [
  { label: 'Live Trading', to: '/monitoring', icon: LuGauge },
  { label: 'Scanning Activity', to: '/scanning-activity', icon: LuRadar },
  { label: 'Memory Monitoring', to: '/memory-monitoring', icon: LuMemoryStick },
  { label: 'Loading Demo', to: '/loading-demo', icon: LuLoader },
] as const;
