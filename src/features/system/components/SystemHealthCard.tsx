import { Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { LuServer } from 'react-icons/lu';
import { QueryContent } from '../../../components/page/QueryContent';
import { SectionCard } from '../../../components/page/SectionCard';
import { StatList } from '../../../components/page/StatList';
import { formatDuration, formatMilliseconds, formatRatioPercent, formatTime } from '../../../lib/format';
import { SYSTEM_HEALTH_REFRESH_MS, systemHealthQuery } from '../queries';
import { HealthStatusBadge } from './HealthStatusBadge';

/** The server's health summary, refreshed every 30 s while shown. */
export function SystemHealthCard() {
  const query = useQuery({ ...systemHealthQuery(), refetchInterval: SYSTEM_HEALTH_REFRESH_MS });
  const health = query.data?.systemHealth;
  return (
    <SectionCard
      title="System health"
      icon={LuServer}
      aside={health ? <HealthStatusBadge status={health.status} /> : null}
    >
      <QueryContent query={query} what="System health">
        {({ systemHealth }) => (
          <>
            <StatList
              items={[
                { label: 'Uptime', value: formatDuration(systemHealth.uptime) },
                { label: 'Database latency', value: formatMilliseconds(systemHealth.latency) },
                { label: 'Error rate', value: formatRatioPercent(systemHealth.errorRate) },
                { label: 'System load', value: formatRatioPercent(systemHealth.systemLoad, 0) },
                { label: 'Active strategies', value: systemHealth.activeStrategies },
                { label: 'Total trades', value: systemHealth.totalTrades },
              ]}
            />
            <Text textStyle="xs" color="fg.subtle" mt="4">
              Checked at {formatTime(systemHealth.timestamp)}
            </Text>
          </>
        )}
      </QueryContent>
    </SectionCard>
  );
}
