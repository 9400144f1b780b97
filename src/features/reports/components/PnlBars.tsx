import { Box, Flex } from '@chakra-ui/react';
import { formatSignedUsd } from '../../market/formatMarket';
import { pnlBarsSummary, type PnlBar } from '../previewText';

/** Small P&L bars around a zero line, gains up in green and losses down in red. */
export function PnlBars({ bars, unit }: { bars: readonly PnlBar[]; unit: string }) {
  const largest = Math.max(...bars.map((bar) => Math.abs(bar.pnl)), 1);
  return (
    <Flex role="img" aria-label={pnlBarsSummary(bars, unit)} h="24" align="stretch" gap="1px" data-testid="pnl-bars">
      {bars.map((bar) => {
        const share = `${(Math.abs(bar.pnl) / largest) * 50}%`;
        return (
          <Flex key={bar.date} flex="1" minW="0" direction="column" title={`${bar.date}: ${formatSignedUsd(bar.pnl)}`}>
            <Flex flex="1" align="flex-end" borderBottomWidth="1px" borderColor="border.emphasized">
              {bar.pnl > 0 ? <Box w="full" h={`calc(${share} * 2)`} bg="fg.success" borderTopRadius="xs" /> : null}
            </Flex>
            <Flex flex="1" align="flex-start">
              {bar.pnl < 0 ? <Box w="full" h={`calc(${share} * 2)`} bg="fg.error" borderBottomRadius="xs" /> : null}
            </Flex>
          </Flex>
        );
      })}
    </Flex>
  );
}
