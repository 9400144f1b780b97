import { Button, HStack } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { LuLoader, LuMemoryStick, LuRadar } from 'react-icons/lu';

const PAGES = [
  { to: '/scanning-activity', label: 'Scanning activity', icon: LuRadar },
  { to: '/memory-monitoring', label: 'Memory monitoring', icon: LuMemoryStick },
  { to: '/loading-demo', label: 'Loading demo', icon: LuLoader },
] as const;

/** The other monitoring pages, reached from the live dashboard's header. */
export function MonitoringLinks() {
  return (
    <HStack gap="2" flexWrap="wrap" aria-label="Other monitoring pages" role="group">
      {PAGES.map(({ to, label, icon: PageIcon }) => (
        <Button key={to} asChild size="sm" variant="outline">
          <Link to={to}>
            <PageIcon />
            {label}
          </Link>
        </Button>
      ))}
    </HStack>
  );
}
