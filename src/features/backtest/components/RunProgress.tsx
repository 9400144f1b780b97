import { Button, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import { LuHistory, LuSquare } from 'react-icons/lu';
import { SectionCard } from '../../../components/page/SectionCard';
import type { BacktestRunSummaryFieldsFragment } from '../../../graphql/generated/graphql';
import { runRange, runSymbols } from '../runFormat';

interface RunProgressProps {
  run: Pick<BacktestRunSummaryFieldsFragment, 'status' | 'progress' | 'symbols' | 'from' | 'to'>;
  onCancel: () => void;
  cancelling: boolean;
  /** What runs: "backtest" (default) or "optimisation". */
  what?: string;
  /** What a running run is doing. */
  doing?: string;
}

/** An unfinished run: a determinate bar with the share of the work done, and Cancel. */
export function RunProgress({
  run,
  onCancel,
  cancelling,
  what = 'backtest',
  doing = 'Replaying the daily bars',
}: RunProgressProps) {
  const percent = Math.round(run.progress * 100);
  return (
    <SectionCard
      title={`Running ${what}`}
      icon={LuHistory}
      description={`${runSymbols(run.symbols)} · ${runRange(run)}`}
    >
      <Stack gap="3">
        <Progress.Root
          value={percent}
          size="sm"
          colorPalette="brand"
          aria-label={`${what[0]!.toUpperCase()}${what.slice(1)} progress`}
        >
          <HStack justify="space-between" mb="1">
            <Progress.Label textStyle="sm">{run.status === 'QUEUED' ? 'Starting…' : doing}</Progress.Label>
            <Progress.ValueText textStyle="sm">{percent}%</Progress.ValueText>
          </HStack>
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
        <HStack justify="space-between" gap="3" wrap="wrap">
          <Text textStyle="sm" color="fg.muted">
            Runs on the server; you may leave this page and open the run later from the list.
          </Text>
          <Button size="sm" variant="outline" onClick={onCancel} loading={cancelling} loadingText="Cancelling…">
            <LuSquare /> Cancel
          </Button>
        </HStack>
      </Stack>
    </SectionCard>
  );
}
