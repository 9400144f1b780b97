import { Badge, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { useMemo } from 'react';
import { DataTable, type DataTableColumn } from '../../../components/table/DataTable';
import { isLocalStrategyId, type StrategySync } from '../../../data/strategies';
import type { StrategyFieldsFragment } from '../../../graphql/generated/graphql';
import { changeColor } from '../../market/formatMarket';
import { NotSyncedBadge } from '../../outbox/NotSyncedBadge';
import { categoryLabel, formatRatio, formatReturn, formatShare } from '../strategyFormat';
import { ActiveSwitch } from './ActiveSwitch';

type Strategy = StrategyFieldsFragment;

/** The strategy's name, opening its detail page (plain text until the server has the strategy). */
export function StrategyLink({ strategy }: { strategy: Pick<Strategy, 'id' | 'name'> }) {
  if (isLocalStrategyId(strategy.id)) return <Text fontWeight="semibold">{strategy.name}</Text>;
  return (
    <Link asChild fontWeight="semibold" colorPalette="brand" color="colorPalette.fg">
      <RouterLink to="/strategies/$strategyId" params={{ strategyId: strategy.id }}>
        {strategy.name}
      </RouterLink>
    </Link>
  );
}

export function ActiveBadge({ active }: { active: boolean }) {
  return (
    <Badge colorPalette={active ? 'green' : 'gray'} variant="subtle" whiteSpace="nowrap">
      {active ? 'Active' : 'Inactive'}
    </Badge>
  );
}

/** A strategy's unsent changes: "Not synced" while they wait, the server's refusal once it refused them. */
function SyncState({ sync }: { sync: StrategySync }) {
  if (sync.state === 'pending') return <NotSyncedBadge />;
  return (
    <Stack gap="0.5" align="flex-start">
      <Badge size="sm" variant="subtle" colorPalette="red" title="The server refused this change.">
        Not saved
      </Badge>
      <Text textStyle="xs" color="fg.error" lineClamp={2} title={sync.error}>
        {sync.error}
      </Text>
    </Stack>
  );
}

/**
 * One row per strategy with its definition and the latest backtest's figures ('—' until one ran); a strategy with
 * changes not on the server yet says so under its name (Retry and Discard are in the shell's pending changes).
 */
export function StrategiesTable({
  strategies,
  sync,
  templateNames,
  emptyText,
}: {
  strategies: readonly Strategy[];
  /** Strategy id → its unsent changes' state; absent: synced. */
  sync: ReadonlyMap<string, StrategySync>;
  /** Template id → name. */
  templateNames: ReadonlyMap<string, string>;
  emptyText: string;
}) {
  const columns = useMemo<DataTableColumn<Strategy>[]>(
    () => [
      {
        key: 'name',
        header: 'Name',
        render: (s) => {
          const state = sync.get(s.id);
          return (
            <Stack gap="1" align="flex-start">
              <StrategyLink strategy={s} />
              {state ? <SyncState sync={state} /> : null}
            </Stack>
          );
        },
      },
      { key: 'category', header: 'Category', nowrap: true, render: (s) => categoryLabel(s.category) },
      {
        key: 'template',
        header: 'Template',
        render: (s) => (s.templateId ? (templateNames.get(s.templateId) ?? s.templateId) : 'Code'),
      },
      {
        key: 'symbols',
        header: 'Symbols',
        render: (s) => (
          <Text lineClamp={2} title={s.symbols.join(', ')}>
            {s.symbols.join(', ') || '—'}
          </Text>
        ),
      },
      { key: 'version', header: 'Version', align: 'end', render: (s) => `v${s.version}` },
      {
        key: 'totalReturn',
        header: 'Total return',
        align: 'end',
        nowrap: true,
        cellProps: (s) => ({ color: changeColor(s.performance?.metrics.totalReturn) }),
        render: (s) => formatReturn(s.performance?.metrics.totalReturn),
      },
      {
        key: 'sharpe',
        header: 'Sharpe',
        align: 'end',
        render: (s) => formatRatio(s.performance?.metrics.sharpeRatio),
      },
      {
        key: 'maxDrawdown',
        header: 'Max drawdown',
        align: 'end',
        nowrap: true,
        render: (s) => formatReturn(s.performance?.metrics.maxDrawdown),
      },
      {
        key: 'winRate',
        header: 'Win rate',
        align: 'end',
        nowrap: true,
        render: (s) => formatShare(s.performance?.metrics.winRate),
      },
      {
        key: 'active',
        header: 'Active',
        align: 'end',
        render: (s) => (
          <HStack justify="flex-end" gap="2">
            <ActiveBadge active={s.isActive} />
            <ActiveSwitch strategy={s} />
          </HStack>
        ),
      },
    ],
    [templateNames, sync],
  );
  return (
    <DataTable
      label="Strategies"
      columns={columns}
      rows={strategies}
      getRowKey={(s) => s.id}
      getRowTestId={(s) => `strategy-${s.id}`}
      emptyText={emptyText}
    />
  );
}
