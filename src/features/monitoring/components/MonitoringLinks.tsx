import { Button, HStack } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { MONITORING_PAGES } from '../monitoringPages';

/** The other monitoring pages (the navigation's Monitoring section but this one), from the live dashboard's header. */
export function MonitoringLinks() {
  return (
    <HStack gap="2" flexWrap="wrap" aria-label="Other monitoring pages" role="group">
      {MONITORING_PAGES.filter((page) => page.to !== '/monitoring').map(({ to, label, icon: PageIcon }) => (
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
