import { Stack } from '@chakra-ui/react';
import { StatList } from '../../../components/page/StatList';
import { DataTable, type DataTableColumn } from '../../../components/table/DataTable';
import type { ReportPreviewQuery } from '../../../graphql/generated/graphql';
import { changeColor, formatSignedUsd, formatUsd } from '../../market/formatMarket';
import { formatRatio, formatReturn, formatShare } from '../../strategies/strategyFormat';

type Report = ReportPreviewQuery['performanceReport'];
type KeyPnl = NonNullable<Report['symbols']>[number];

export function SummaryPreview({ summary }: { summary: NonNullable<Report['summary']> }) {
  return (
    <StatList
      items={[
        { label: 'Start equity', value: formatUsd(summary.startEquity) },
        { label: 'End equity', value: formatUsd(summary.endEquity) },
        { label: 'Net deposits', value: formatSignedUsd(summary.netDeposits) },
        { label: 'P&L', value: formatSignedUsd(summary.pnl) },
        { label: 'Time-weighted return', value: formatReturn(summary.timeWeightedReturn) },
        { label: 'Money-weighted return (annual)', value: formatReturn(summary.moneyWeightedReturn) },
      ]}
    />
  );
}

export function RiskPreview({ metrics }: { metrics: NonNullable<Report['metrics']> }) {
  const drawdown = metrics.maxDrawdown;
  return (
    <StatList
      items={[
        { label: 'Volatility (annual)', value: formatShare(metrics.volatility) },
        { label: 'Sharpe ratio', value: formatRatio(metrics.sharpe) },
        { label: 'Sortino ratio', value: formatRatio(metrics.sortino) },
        { label: 'Max drawdown', value: formatReturn(drawdown?.depth) },
        {
          label: 'Drawdown peak to trough',
          value: drawdown?.start && drawdown.trough ? `${drawdown.start} to ${drawdown.trough}` : '—',
        },
        { label: 'Beta', value: formatRatio(metrics.beta) },
        { label: 'Value at risk (95 %, one day)', value: formatShare(metrics.historicalVaR.var95) },
        { label: 'Conditional VaR (95 %)', value: formatShare(metrics.historicalVaR.cvar95) },
      ]}
    />
  );
}

const KEY_PNL_COLUMNS: readonly DataTableColumn<KeyPnl>[] = [
  { key: 'label', header: 'Name', render: (row) => row.label },
  { key: 'trades', header: 'Trades', align: 'end', render: (row) => row.trades },
  {
    key: 'pnl',
    header: 'P&L',
    align: 'end',
    nowrap: true,
    cellProps: (row) => ({ color: changeColor(row.pnl) }),
    render: (row) => formatSignedUsd(row.pnl),
  },
];

/** P&L of the round trips closed in the period, per symbol or per strategy. */
export function KeyPnlTable({ label, rows }: { label: string; rows: readonly KeyPnl[] }) {
  return (
    <DataTable
      label={label}
      columns={KEY_PNL_COLUMNS}
      rows={rows}
      getRowKey={(row) => row.key}
      emptyText="No trades closed in this period."
    />
  );
}

export function TradesPreview({ report }: { report: Report }) {
  const trades = report.trades;
  return (
    <Stack gap="4">
      {trades ? (
        <StatList
          items={[
            { label: 'Closed trades', value: trades.totalTrades },
            { label: 'Win rate', value: formatShare(trades.winRate) },
            { label: 'Profit factor', value: formatRatio(trades.profitFactor) },
            { label: 'Expectancy', value: formatSignedUsd(trades.expectancy) },
            { label: 'Average win', value: formatUsd(trades.averageWin) },
            { label: 'Average loss', value: formatUsd(trades.averageLoss) },
          ]}
        />
      ) : null}
      {report.symbols ? <KeyPnlTable label="P&L by symbol" rows={report.symbols} /> : null}
    </Stack>
  );
}
