import { Badge } from '@chakra-ui/react';
import type { BacktestRunStatus } from '../../../graphql/generated/graphql';
import { STATUS_LABELS, STATUS_PALETTES } from '../runFormat';

export function RunStatusBadge({ status }: { status: BacktestRunStatus }) {
  return (
    <Badge colorPalette={STATUS_PALETTES[status]} variant="subtle" whiteSpace="nowrap">
      {STATUS_LABELS[status]}
    </Badge>
  );
}
