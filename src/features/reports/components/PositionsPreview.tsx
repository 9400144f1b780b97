import { useQuery } from '@tanstack/react-query';
import { QueryContent } from '../../../components/page/QueryContent';
import { DataTable, type DataTableColumn } from '../../../components/table/DataTable';
import type { PositionFieldsFragment } from '../../../graphql/generated/graphql';
import { changeColor, formatShares, formatSignedUsd, formatUsd } from '../../market/formatMarket';
import { largestFirst } from '../../portfolio/portfolioStore';
import { portfolioQuery } from '../../portfolio/queries';
import { formatShare } from '../../strategies/strategyFormat';

type Row = PositionFieldsFragment & { weight: number | null };

const COLUMNS: readonly DataTableColumn<Row>[] = [
  { key: 'symbol', header: 'Symbol', render: (row) => row.symbol },
  { key: 'quantity', header: 'Shares', align: 'end', render: (row) => formatShares(row.quantity) },
  { key: 'value', header: 'Market value', align: 'end', render: (row) => formatUsd(row.marketValue) },
  { key: 'weight', header: 'Weight', align: 'end', render: (row) => formatShare(row.weight) },
  {
    key: 'pnl',
    header: 'Unrealised P&L',
    align: 'end',
    nowrap: true,
    cellProps: (row) => ({ color: changeColor(row.unrealizedPnL) }),
    render: (row) => formatSignedUsd(row.unrealizedPnL),
  },
];

/** The positions held now, largest first, each with its weight in equity. */
export function PositionsPreview() {
  const query = useQuery(portfolioQuery());
  return (
    <QueryContent query={query} what="Positions">
      {({ portfolio }) => (
        <DataTable
          label="Positions"
          columns={COLUMNS}
          rows={largestFirst(portfolio.positions).map((position) => ({
            ...position,
            weight: portfolio.totalValue > 0 ? position.marketValue / portfolio.totalValue : null,
          }))}
          getRowKey={(row) => row.symbol}
          emptyText="No positions held now."
        />
      )}
    </QueryContent>
  );
}
