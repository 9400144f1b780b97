import { Box, Flex, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';

export interface ColumnBar {
  key: string;
  value: number;
  /** Shown under the bar (histograms); leave out for long series (daily P&L). */
  label?: string;
  /** The bar's tooltip: its date or bucket and value. */
  title: string;
  /** Colour token; default green for a positive value, red for a negative one. */
  color?: string;
}

interface BarColumnsProps {
  /** The chart's name, and its summary read with it and shown under it. */
  name: string;
  summary: string;
  bars: readonly ColumnBar[];
  height?: string;
  testId?: string;
}

/**
 * Vertical bars in plain HTML (a daily P&L series, a histogram): positive bars rise from a zero line, negative ones
 * hang below it when there are any. An image named by `name` and described by its visible text summary.
 */
export function BarColumns({ name, summary, bars, height = '10rem', testId }: BarColumnsProps) {
  const summaryId = useId();
  const max = Math.max(...bars.map((bar) => Math.abs(bar.value)), 0);
  const hasNegative = bars.some((bar) => bar.value < 0);
  const share = (value: number) => (max > 0 ? `${(Math.abs(value) / max) * 100}%` : '0%');
  const labelled = bars.some((bar) => bar.label !== undefined);
  return (
    <Stack gap="2">
      <Flex
        role="img"
        aria-label={name}
        aria-describedby={summaryId}
        data-testid={testId}
        gap={labelled ? '1.5' : '1px'}
        h={height}
        align="stretch"
      >
        {bars.map((bar) => {
          const color = bar.color ?? (bar.value < 0 ? 'red.solid' : 'green.solid');
          return (
            <Flex key={bar.key} direction="column" flex="1" minW="0" title={bar.title}>
              <Flex flex="1" align="flex-end">
                {bar.value >= 0 ? (
                  <Box
                    w="full"
                    h={share(bar.value)}
                    minH={bar.value > 0 ? '1px' : '0'}
                    bg={color}
                    borderTopRadius="xs"
                  />
                ) : null}
              </Flex>
              {hasNegative ? (
                <Flex flex="1" align="flex-start" borderTopWidth="1px" borderColor="border">
                  {bar.value < 0 ? (
                    <Box w="full" h={share(bar.value)} minH="1px" bg={color} borderBottomRadius="xs" />
                  ) : null}
                </Flex>
              ) : null}
            </Flex>
          );
        })}
      </Flex>
      {labelled ? (
        <Flex gap="1.5" aria-hidden="true">
          {bars.map((bar) => (
            <Text key={bar.key} flex="1" minW="0" textStyle="2xs" color="fg.muted" textAlign="center">
              {bar.label}
            </Text>
          ))}
        </Flex>
      ) : null}
      <Text id={summaryId} textStyle="xs" color="fg.muted">
        {summary}
      </Text>
    </Stack>
  );
}
