import { Badge, Status } from '@chakra-ui/react';
import { capitalize } from '../../../lib/format';

const PALETTE: Record<string, string> = { healthy: 'green', degraded: 'orange', down: 'red' };

/** A health status ("healthy", "degraded", "down") as a coloured badge. */
export function HealthStatusBadge({ status }: { status: string }) {
  const palette = PALETTE[status] ?? 'gray';
  return (
    <Badge colorPalette={palette} variant="subtle" size="md" gap="1.5">
      <Status.Root size="sm" colorPalette={palette}>
        <Status.Indicator />
      </Status.Root>
      {capitalize(status)}
    </Badge>
  );
}
