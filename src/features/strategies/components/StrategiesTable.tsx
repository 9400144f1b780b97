import { Badge, HStack, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { useMemo } from 'react';
import { DataTable, type DataTableColumn } from '../../../components/table/DataTable';
import type { StrategyFieldsFragment } from '../../../graphql/generated/graphql';
import { changeColor } from '../../market/formatMarket';
import { categoryLabel, formatRatio, formatReturn, formatShare } from '../strategyFormat';
import { ActiveSwitch } from './ActiveSwitch';

type Strategy = StrategyFieldsFragment;

/** The strategy's name, opening its detail page. */
export function StrategyLink({ strategy }: { strategy: Pick<Strategy, 'id' | 'name'> }) {
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

/** One row per strategy with its definition and the latest backtest's figures ('—' until one ran). */
export function StrategiesTable({
  strategies,
  templateNames,
  emptyText,
}: {
  strategies: readonly Strategy[];
  /** Template id → name. */
  templateNames: ReadonlyMap<string, string>;
  emptyText: string;
}) {
  const columns = useMemo<DataTableColumn<Strategy>[]>(
    () => [
      { key: 'name', header: 'Name', render: (s) => <StrategyLink strategy={s} /> },
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
    [templateNames],
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
