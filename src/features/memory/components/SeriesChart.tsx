import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import { summarizeSeries } from '../../../domain/monitoring/seriesSummary';

export interface ChartLine {
  name: string;
  /** A Chakra colour token (also the legend's swatch). */
  color: string;
  values: readonly number[];
}

interface SeriesChartProps {
  /** Accessible name of the drawing; the summary below says the same in words. */
  label: string;
  lines: readonly ChartLine[];
  format: (value: number) => string;
  /** What the samples span, e.g. "the last 60 minutes". */
  span: string;
}

const WIDTH = 600;
const HEIGHT = 140;

function points(values: readonly number[], top: number): string {
  const step = values.length > 1 ? WIDTH / (values.length - 1) : 0;
  return values
    .map(
      (value, index) => `${(index * step).toFixed(1)},${(HEIGHT - (top > 0 ? (value / top) * HEIGHT : 0)).toFixed(1)}`,
    )
    .join(' ');
}

/** A colour token's CSS variable: "blue.solid" → var(--chakra-colors-blue-solid). */
const tokenVar = (token: string) => `var(--chakra-colors-${token.replaceAll('.', '-')})`;

/**
 * Lines over the samples (an SVG sized to its card, shared scale from zero to the largest value), a legend, and
 * each line's summary in words (now, minimum, median, maximum), so the figures are readable without the drawing.
 */
export function SeriesChart({ label, lines, format, span }: SeriesChartProps) {
  const top = Math.max(0, ...lines.flatMap((line) => line.values));
  const enough = lines.some((line) => line.values.length > 1);
  return (
    <Stack gap="3">
      {enough ? (
        <Box as="figure" m="0" borderWidth="1px" borderRadius="md" p="2" bg="bg.subtle">
          <svg
            role="img"
            aria-label={label}
            viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
            preserveAspectRatio="none"
            width="100%"
            height="140"
          >
            {lines.map((line) => (
              <polyline
                key={line.name}
                fill="none"
                stroke={tokenVar(line.color)}
                strokeWidth="2"
                vectorEffect="non-scaling-stroke"
                points={points(line.values, top)}
              />
            ))}
          </svg>
        </Box>
      ) : (
        <Text textStyle="sm" color="fg.muted">
          Collecting samples: the chart appears after the second one.
        </Text>
      )}
      <Stack as="ul" gap="1" listStyleType="none" m="0" p="0" aria-label={`${label}: summary`}>
        {lines.map((line) => {
          const summary = summarizeSeries(line.values);
          return (
            <HStack as="li" key={line.name} gap="2" align="baseline" textStyle="sm">
              <Box w="3" h="0.5" borderRadius="full" bg={line.color} flexShrink={0} aria-hidden="true" />
              <Text>
                <Text as="span" fontWeight="medium">
                  {line.name}
                </Text>
                {summary
                  ? `: now ${format(summary.latest)}; over ${span}: lowest ${format(summary.min)}, median ${format(summary.median)}, highest ${format(summary.max)}.`
                  : ': no samples yet.'}
              </Text>
            </HStack>
          );
        })}
      </Stack>
    </Stack>
  );
}
