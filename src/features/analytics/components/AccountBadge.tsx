import { Badge } from '@chakra-ui/react';
import type { TradingMode } from '../../../graphql/generated/graphql';
import { accountLabel } from '../analyticsFormat';

/** The account (paper or live) whose daily equity history the figures read; nothing when the answer does not say. */
export function AccountBadge({ account, testId }: { account: TradingMode | null | undefined; testId: string }) {
  const label = accountLabel(account);
  if (!label) return null;
  return (
    <Badge
      size="sm"
      alignSelf="flex-start"
      variant={account === 'live' ? 'solid' : 'subtle'}
      colorPalette={account === 'live' ? 'red' : 'gray'}
      title="The account whose daily equity history these figures read"
      data-testid={testId}
    >
      {label}
    </Badge>
  );
}
