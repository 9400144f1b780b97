import { Badge } from '@chakra-ui/react';
import { LuCloudOff } from 'react-icons/lu';

/** Marks a row whose latest change is still waiting in the outbox. */
export function NotSyncedBadge() {
  return (
    <Badge size="sm" variant="subtle" colorPalette="orange" title="Saved on this device; sent when you're online.">
      <LuCloudOff aria-hidden />
      Not synced
    </Badge>
  );
}
