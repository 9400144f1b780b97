import { Table, Text } from '@chakra-ui/react';
import type { SystemHealthQuery } from '../../../graphql/generated/graphql';
import { formatMilliseconds, formatRatioPercent, formatTime } from '../../../lib/format';
import { HealthStatusBadge } from './HealthStatusBadge';

type Service = SystemHealthQuery['systemHealth']['services'][number];

/** One row per server service: status, latency of the last probe, error rate, last check. */
export function ServicesTable({ services }: { services: readonly Service[] }) {
  if (services.length === 0) {
    return (
      <Text color="fg.muted" textStyle="sm">
        The server reports no services.
      </Text>
    );
  }
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="lg">
      <Table.Root size="sm" aria-label="Services">
        <Table.Header>
          <Table.Row bg="bg.subtle">
            <Table.ColumnHeader>Service</Table.ColumnHeader>
            <Table.ColumnHeader>Status</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Latency</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Error rate</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Last check</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {services.map((service) => (
            <Table.Row key={service.name} bg="transparent">
              <Table.Cell fontWeight="medium">{service.name}</Table.Cell>
              <Table.Cell>
                <HealthStatusBadge status={service.status} />
              </Table.Cell>
              <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                {formatMilliseconds(service.latency)}
              </Table.Cell>
              <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                {formatRatioPercent(service.errorRate)}
              </Table.Cell>
              <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums" whiteSpace="nowrap">
                {formatTime(service.lastCheck)}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
