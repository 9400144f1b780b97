import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { LuDownload, LuHistory } from 'react-icons/lu';
import { EmptyStateCard } from '../../../components/page/EmptyStateCard';
import { QueryContent } from '../../../components/page/QueryContent';
import { strategyKeys } from '../../strategies/queries';
import { useCancelBacktest } from '../mutations';
import { backtestKeys, backtestRunQuery, isUnfinished } from '../queries';
import { csvFileName } from '../runFormat';
import { downloadText, tradesCsv } from '../tradesCsv';
import { BacktestResults } from './BacktestResults';
import { RunEndedCard } from './RunEndedCard';
import { RunProgress } from './RunProgress';

/** The open run: its progress while unfinished, then its results (or why it has none). */
export function OpenRun({ runId }: { runId: string }) {
  const query = useQuery(backtestRunQuery(runId));
  const cancel = useCancelBacktest();
  const queryClient = useQueryClient();
  const run = query.data?.backtestRun;
  const finished = run ? !isUnfinished(run.status) : false;
  useEffect(() => {
    if (!finished) return;
    // A finished run is listed with its metrics, and a strategy's run became its latest backtest.
    void queryClient.invalidateQueries({ queryKey: backtestKeys.lists() });
    void queryClient.invalidateQueries({ queryKey: strategyKeys.all });
  }, [finished, queryClient]);

  return (
    <QueryContent query={query} what="Backtest run">
      {({ backtestRun }) => {
        if (!backtestRun) {
          return <EmptyStateCard icon={LuHistory} title="Run not found" description="This run does not exist." />;
        }
        if (isUnfinished(backtestRun.status)) {
          return (
            <RunProgress
              run={backtestRun}
              onCancel={() => cancel.mutate(backtestRun.id)}
              cancelling={cancel.isPending}
            />
          );
        }
        if (backtestRun.status === 'DONE' && backtestRun.result) {
          const { result } = backtestRun;
          const capped = backtestRun.tradesTotal !== null && backtestRun.tradesTotal > result.trades.length;
          return (
            <Stack gap="3">
              <HStack justify="space-between" gap="3" wrap="wrap">
                <Text textStyle="sm" color="fg.muted">
                  {capped
                    ? `The first ${result.trades.length.toLocaleString('en-US')} of ${backtestRun.tradesTotal!.toLocaleString('en-US')} trades are kept.`
                    : `${result.trades.length.toLocaleString('en-US')} trades.`}
                </Text>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => downloadText(csvFileName(backtestRun), tradesCsv(result.trades))}
                >
                  <LuDownload /> Export CSV
                </Button>
              </HStack>
              <BacktestResults backtest={result} />
            </Stack>
          );
        }
        return <RunEndedCard icon={LuHistory} what="Backtest" status={backtestRun.status} error={backtestRun.error} />;
      }}
    </QueryContent>
  );
}
