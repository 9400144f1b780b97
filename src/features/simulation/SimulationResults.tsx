import { Alert, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { LuChartArea, LuChartColumn } from 'react-icons/lu';
import { SectionCard } from '../../components/page/SectionCard';
import { StatCards } from '../../components/page/StatCards';
import type { MonteCarloResult } from '../../domain/simulation/monteCarlo';
import { formatRatioPercent } from '../../lib/format';
import { DrawdownHistogram } from './DrawdownHistogram';
import { FanChart } from './FanChart';
import { fanData } from './fanData';
import type { SampleSummary } from './protocol';
import { formatWholeUsd } from './simulationFormat';

interface SimulationResultsProps {
  result: MonteCarloResult;
  sample: SampleSummary;
  /** What was resampled, in words ("SMA crossover on SPY, QQQ"). */
  subject: string;
  /** When it ran (epoch ms): the fan starts at that day's session. */
  at: number;
}

const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

function sampleText(sample: SampleSummary, subject: string): string {
  const range = `${dayFormat.format(sample.from * 1000)} – ${dayFormat.format(sample.to * 1000)}`;
  return sample.unit === 'trades'
    ? `${subject}: ${sample.size} backtest trades (${range}, about ${sample.drawsPerStep.toFixed(2)} a trading day), drawn with replacement.`
    : `${subject}: ${sample.size} daily returns (${range}), drawn with replacement.`;
}

/** The fan of equity percentiles, the horizon's risk figures, the drawdown distribution and the honest note. */
export function SimulationResults({ result, sample, subject, at }: SimulationResultsProps) {
  const fan = useMemo(() => fanData(result, at), [result, at]);
  const finalAt = (k: number) => result.fan[k]![result.horizon]!;
  const [p5Final, medianFinal] = [finalAt(0), finalAt(2)];
  const medianDrawdown = result.maxDrawdownPercentiles[2]!;
  const stats = [
    { label: 'Probability of loss', value: formatRatioPercent(result.probabilityOfLoss, 1) },
    { label: 'VaR 95%', value: formatRatioPercent(result.var95, 1) },
    { label: 'CVaR 95%', value: formatRatioPercent(result.cvar95, 1) },
    { label: 'Median final equity', value: formatWholeUsd(medianFinal) },
    { label: '5th percentile final equity', value: formatWholeUsd(p5Final) },
    { label: 'Median max drawdown', value: formatRatioPercent(medianDrawdown, 1) },
  ];
  const paths = result.paths.toLocaleString('en-US');
  return (
    <Stack gap="5" data-testid="simulation-results">
      <StatCards stats={stats} />
      <SectionCard
        title="Equity paths"
        icon={LuChartArea}
        description={`${paths} paths over ${result.horizon} trading days from ${formatWholeUsd(result.initialCapital)}.`}
      >
        <FanChart
          data={fan}
          initialCapital={result.initialCapital}
          label={`Percentiles of equity over ${result.horizon} trading days of ${paths} simulated paths`}
        />
      </SectionCard>
      <SectionCard
        title="Maximum drawdown"
        icon={LuChartColumn}
        description={`Each path's largest fall from its peak. 5th–95th percentile: ${formatRatioPercent(result.maxDrawdownPercentiles[0]!, 1)} – ${formatRatioPercent(result.maxDrawdownPercentiles[4]!, 1)}.`}
      >
        <DrawdownHistogram histogram={result.maxDrawdownHistogram} paths={result.paths} />
      </SectionCard>
      <Alert.Root status="info" variant="subtle" borderRadius="lg">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Resampling past results; the future can differ.</Alert.Title>
          <Alert.Description>
            <Text textStyle="sm">
              {sampleText(sample, subject)} VaR and CVaR are losses as a share of the initial capital over the whole
              horizon (CVaR: the average of the worst 5% of paths).
            </Text>
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    </Stack>
  );
}
