import { Badge, Stack, Text } from '@chakra-ui/react';
import { StatList } from '../../../components/page/StatList';
import { DataTable, type DataTableColumn } from '../../../components/table/DataTable';
import type { ReportPreviewQuery } from '../../../graphql/generated/graphql';
import { changeColor, formatShares, formatSignedUsd, formatUsd } from '../../market/formatMarket';

type Gains = NonNullable<ReportPreviewQuery['performanceReport']['realisedGains']>;
type Lot = Gains['lots'][number];

/** The preview shows this many lots; the exported report holds them all. */
const PREVIEW_LOTS = 20;

const LOT_COLUMNS: readonly DataTableColumn<Lot>[] = [
  { key: 'symbol', header: 'Symbol', render: (lot) => lot.symbol },
  { key: 'quantity', header: 'Shares', align: 'end', render: (lot) => formatShares(lot.quantity) },
  { key: 'acquired', header: 'Bought', nowrap: true, render: (lot) => lot.acquiredAt.slice(0, 10) },
  { key: 'sold', header: 'Sold', nowrap: true, render: (lot) => lot.soldAt.slice(0, 10) },
  { key: 'cost', header: 'Cost', align: 'end', render: (lot) => formatUsd(lot.costBasis) },
  { key: 'proceeds', header: 'Proceeds', align: 'end', render: (lot) => formatUsd(lot.proceeds) },
  {
    key: 'gain',
    header: 'Gain',
    align: 'end',
    nowrap: true,
    cellProps: (lot) => ({ color: changeColor(lot.gain) }),
    render: (lot) => formatSignedUsd(lot.gain),
  },
  {
    key: 'term',
    header: 'Term',
    render: (lot) => (
      <Badge size="sm" variant="subtle" colorPalette={lot.term === 'LONG' ? 'blue' : 'gray'}>
        {lot.term === 'LONG' ? 'Long' : 'Short'}
      </Badge>
    ),
  },
];

/** Realised gains by FIFO tax lot: the short- and long-term totals, then the lots sold. */
export function RealisedGainsPreview({ gains }: { gains: Gains }) {
  const shown = gains.lots.slice(0, PREVIEW_LOTS);
  return (
    <Stack gap="3">
      <StatList
        items={[
          { label: 'Short term (held one year or less)', value: formatSignedUsd(gains.shortTerm) },
          { label: 'Long term (held more than one year)', value: formatSignedUsd(gains.longTerm) },
          { label: 'Total', value: formatSignedUsd(gains.total) },
        ]}
      />
      <DataTable
        label="Realised lots"
        columns={LOT_COLUMNS}
        rows={shown}
        getRowKey={(lot) => String(shown.indexOf(lot))}
        emptyText="No lots sold in this period."
      />
      {gains.lots.length > shown.length ? (
        <Text textStyle="xs" color="fg.muted">
          The first {shown.length} of {gains.lots.length} lots; the exported report lists them all.
        </Text>
      ) : null}
    </Stack>
  );
}
