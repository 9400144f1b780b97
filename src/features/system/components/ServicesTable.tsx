import type { SystemHealthQuery } from '../../../graphql/generated/graphql';
import { DataTable, type DataTableColumn } from '../../../components/table/DataTable';
import { formatMilliseconds, formatRatioPercent, formatTime } from '../../../lib/format';
import { HealthStatusBadge } from './HealthStatusBadge';

type Service = SystemHealthQuery['systemHealth']['services'][number];

const COLUMNS: readonly DataTableColumn<Service>[] = [
  { key: 'name', header: 'Service', cellProps: { fontWeight: 'medium' }, render: (service) => service.name },
  { key: 'status', header: 'Status', render: (service) => <HealthStatusBadge status={service.status} /> },
  { key: 'latency', header: 'Latency', align: 'end', render: (service) => formatMilliseconds(service.latency) },
  { key: 'errorRate', header: 'Error rate', align: 'end', render: (service) => formatRatioPercent(service.errorRate) },
  {
    key: 'lastCheck',
    header: 'Last check',
    align: 'end',
    nowrap: true,
    render: (service) => formatTime(service.lastCheck),
  },
];

/** One row per server service: status, latency of the last probe, error rate, last check. */
export function ServicesTable({ services }: { services: readonly Service[] }) {
  return (
    <DataTable
      label="Services"
      columns={COLUMNS}
      rows={services}
      getRowKey={(service) => service.name}
      emptyText="The server reports no services."
    />
  );
}
