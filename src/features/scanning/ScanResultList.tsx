import { Badge, Button, HStack, Link, Stack, Text, Wrap } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { useState } from 'react';
import type { MarketScannerQuery } from '../../graphql/generated/graphql';
import { LIST_ROW_PROPS } from './listRow';
import { changeColor, formatCompact, formatNumber, formatSignedPercent, formatUsd } from '../market/formatMarket';

export type ScanResult = MarketScannerQuery['marketScanner'][number];

function ScanResultRow({ result, compact }: { result: ScanResult; compact: boolean }) {
  return (
    <Stack {...LIST_ROW_PROPS} gap="1.5" py="3" data-testid="scan-result">
      <HStack justify="space-between" align="start" gap="3">
        <Stack gap="0" minW="0">
          <Link asChild fontWeight="semibold" colorPalette="brand">
            <RouterLink to="/stocks/$symbol" params={{ symbol: result.symbol }}>
              {result.symbol}
            </RouterLink>
          </Link>
          <Text fontSize="xs" color="fg.muted" truncate>
            {result.name}
          </Text>
        </Stack>
        <Stack gap="0" align="end" flexShrink={0}>
          <Text fontWeight="medium" fontVariantNumeric="tabular-nums">
            {formatUsd(result.price)}
          </Text>
          <Text fontSize="sm" color={changeColor(result.change)} fontVariantNumeric="tabular-nums">
            {formatSignedPercent(result.changePercent)}
          </Text>
        </Stack>
      </HStack>
      <Text fontSize="sm">{result.criterion}</Text>
      {compact ? null : (
        <Wrap gap="1.5" aria-label="Indicator values">
          {result.indicators.map((indicator) => (
            <Badge key={indicator.name} variant="surface" size="sm" fontVariantNumeric="tabular-nums">
              {indicator.name}{' '}
              {Math.abs(indicator.value) >= 10_000 ? formatCompact(indicator.value) : formatNumber(indicator.value)}
            </Badge>
          ))}
          <Badge variant="subtle" colorPalette="brand" size="sm" title="How strongly it matches">
            Score {formatNumber(result.score)}
          </Badge>
          <Badge variant="outline" size="sm">
            Vol {formatCompact(result.volume)}
          </Badge>
        </Wrap>
      )}
    </Stack>
  );
}

/** Results shown before "Show all" (a page of 50 would make the card very tall, on a phone above all). */
export const RESULTS_SHOWN = 10;

/** A scan's results, strongest first, each with the match in words and (unless `compact`) the values behind it. */
export function ScanResultList({
  results,
  empty,
  compact = false,
}: {
  results: readonly ScanResult[];
  empty: string;
  compact?: boolean;
}) {
  const [all, setAll] = useState(false);
  if (results.length === 0) return <Text color="fg.muted">{empty}</Text>;
  const shown = all ? results : results.slice(0, RESULTS_SHOWN);
  return (
    <Stack gap="2">
      <Stack as="ul" gap="0" listStyleType="none" data-testid="scan-results">
        {shown.map((result) => (
          <ScanResultRow key={result.symbol} result={result} compact={compact} />
        ))}
      </Stack>
      {results.length > shown.length ? (
        <Button size="sm" variant="ghost" alignSelf="start" onClick={() => setAll(true)}>
          Show all {results.length}
        </Button>
      ) : null}
    </Stack>
  );
}
