import { Badge, Link, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link as RouterLink } from '@tanstack/react-router';
import { LuBot } from 'react-icons/lu';
import { strategiesQuery } from '../../strategies/queries';

/**
 * Names of the user's strategies by id, from the cached strategies list (empty until it loaded); the list is only
 * asked for when `needed` (some order shown was placed by a strategy).
 */
export function useStrategyNames(needed: boolean): ReadonlyMap<string, string> {
  const { data } = useQuery({ ...strategiesQuery(), select: (answer) => answer.strategies, enabled: needed });
  // The selected list keeps its identity while the answer is unchanged, so the map does too.
  return useMemo(() => new Map((data ?? []).map((strategy) => [strategy.id, strategy.name])), [data]);
}

/**
 * Who placed an order (issue 13 point 3, the activity feed): a strategy's badge, linking to it, with the reason its
 * rules gave; "Manual" for the user's own orders.
 */
export function OrderSource({
  strategyId,
  reason,
  names,
}: {
  strategyId: string | null;
  reason: string | null;
  names: ReadonlyMap<string, string>;
}) {
  if (strategyId === null) return <Badge variant="outline">Manual</Badge>;
  const name = names.get(strategyId) ?? 'Strategy';
  return (
    <Stack gap="0.5" align="start" maxW="16rem">
      <Link asChild fontSize="xs" colorPalette="brand" color="colorPalette.fg">
        <RouterLink to="/strategies/$strategyId" params={{ strategyId }} aria-label={`Placed by strategy ${name}`}>
          <Badge colorPalette="purple" variant="subtle" gap="1">
            <LuBot aria-hidden />
            {name}
          </Badge>
        </RouterLink>
      </Link>
      {reason ? (
        <Badge variant="plain" px="0" color="fg.muted" fontWeight="normal" whiteSpace="normal" textAlign="start">
          {reason}
        </Badge>
      ) : null}
    </Stack>
  );
}
