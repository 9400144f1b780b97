import { Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { LuColumns3, LuListOrdered } from 'react-icons/lu';
import { QueryContent } from '../../../components/page/QueryContent';
import { SectionCard } from '../../../components/page/SectionCard';
import { backtestRunsQuery } from '../queries';
import { BacktestRunsTable } from './BacktestRunsTable';
import { CompareRuns } from './CompareRuns';

/** Most runs compared side by side. */
const MAX_COMPARED = 3;

interface RunsSectionProps {
  strategyId: string;
  openId: string | null;
  onOpen: (id: string) => void;
}

/** The chosen strategy's stored runs (from the persisted cache when offline), and two or three compared. */
export function RunsSection({ strategyId, openId, onOpen }: RunsSectionProps) {
  const query = useQuery(backtestRunsQuery(strategyId));
  const [compared, setCompared] = useState<string[]>([]);
  const toggle = useCallback(
    (id: string) => setCompared((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id])),
    [],
  );
  return (
    <QueryContent query={query} what="Backtest runs">
      {({ backtestRuns }) => {
        const chosen = compared.flatMap((id) => backtestRuns.filter((run) => run.id === id && run.result));
        return (
          <Stack gap="5">
            <SectionCard
              title="Runs"
              icon={LuListOrdered}
              description="This strategy's backtests, newest first. Choose two or three finished runs to compare them."
            >
              <BacktestRunsTable
                runs={backtestRuns}
                openId={openId}
                onOpen={onOpen}
                compared={compared}
                onToggleCompare={toggle}
                maxCompared={MAX_COMPARED}
              />
            </SectionCard>
            {chosen.length >= 2 ? (
              <SectionCard title="Compare runs" icon={LuColumns3}>
                <CompareRuns runs={chosen} />
              </SectionCard>
            ) : null}
          </Stack>
        );
      }}
    </QueryContent>
  );
}
