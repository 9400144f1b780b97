import { Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { CurveChart } from '../../../components/charts/CurveChart';
import { summarizeSeries } from '../../../domain/monitoring/seriesSummary';
import { samplesSeries, type ChartLine } from '../samplesSeries';

interface SeriesChartProps {
  /** Accessible name of the drawing; the summary below says the same in words. */
  label: string;
  /** Each sample's time (epoch seconds), in order; `values[i]` of every line was sampled at `times[i]`. */
  times: readonly number[];
  lines: readonly ChartLine[];
  /** The values' axis labels and words (defined once, not per render). */
  format: (value: number) => string;
  /** What the samples span, e.g. "the last 60 minutes". */
  span: string;
}

const HEIGHT = { base: '10rem', md: '12rem' };

/**
 * Lines over the samples (the shared CurveChart on a time axis, with its legend), and each line's summary in words
 * (now, minimum, median, maximum), so the figures are readable without the drawing.
 */
export function SeriesChart({ label, times, lines, format, span }: SeriesChartProps) {
  const series = useMemo(() => samplesSeries(times, lines), [times, lines]);
  const enough = times.length > 1;
  return (
    <Stack gap="3">
      {enough ? (
        <CurveChart series={series} unit={format} label={label} height={HEIGHT} intraday />
      ) : (
        <Text textStyle="sm" color="fg.muted">
          Collecting samples: the chart appears after the second one.
        </Text>
      )}
      <Stack as="ul" gap="1" listStyleType="none" m="0" p="0" aria-label={`${label}: summary`}>
        {lines.map((line) => {
          const summary = summarizeSeries(line.values);
          return (
            <Text as="li" key={line.name} textStyle="sm">
              <Text as="span" fontWeight="medium">
                {line.name}
              </Text>
              {summary
                ? `: now ${format(summary.latest)}; over ${span}: lowest ${format(summary.min)}, median ${format(summary.median)}, highest ${format(summary.max)}.`
                : ': no samples yet.'}
            </Text>
          );
        })}
      </Stack>
    </Stack>
  );
}
