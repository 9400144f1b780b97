import { useQuery } from '@tanstack/react-query';
import { LuGitBranch } from 'react-icons/lu';
import { QueryContent } from '../../../components/page/QueryContent';
import { SectionCard } from '../../../components/page/SectionCard';
import { DataTable, type DataTableColumn } from '../../../components/table/DataTable';
import type { StrategyVersionsQuery } from '../../../graphql/generated/graphql';
import { formatDateTime } from '../../../lib/format';
import { strategyVersionsQuery } from '../queries';
import { parameterText } from '../strategyFormat';

type Version = NonNullable<StrategyVersionsQuery['strategy']>['versions'][number];

const COLUMNS: readonly DataTableColumn<Version>[] = [
  { key: 'version', header: 'Version', render: (version) => `v${version.version}` },
  { key: 'saved', header: 'Saved', nowrap: true, render: (version) => formatDateTime(version.createdAt) },
  { key: 'template', header: 'Template', render: (version) => version.templateId ?? 'Rules' },
  { key: 'parameters', header: 'Parameters', render: (version) => parameterText(version.parameters) },
];

/** Every definition the strategy had (issue 13 points 5 and 8: the old versions stay readable), newest first. */
export function StrategyVersions({ strategyId }: { strategyId: string }) {
  const query = useQuery(strategyVersionsQuery(strategyId));
  return (
    <SectionCard title="Versions" icon={LuGitBranch} description="Each saved change of the rules adds a version.">
      <QueryContent query={query} what="Versions">
        {(data) => (
          <DataTable
            label="Versions"
            columns={COLUMNS}
            rows={data.strategy?.versions ?? []}
            getRowKey={(version) => String(version.version)}
            emptyText="No rules saved yet."
          />
        )}
      </QueryContent>
    </SectionCard>
  );
}
