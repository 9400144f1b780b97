import { HStack, Spinner, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useId } from 'react';
import { SegmentedChoice, type SegmentedChoiceItem } from '../../../components/form/SegmentedChoice';
import type { TradingMode } from '../../../graphql/generated/graphql';
import { useTradingMode } from '../useTradingMode';

const ITEMS: readonly SegmentedChoiceItem<TradingMode>[] = [
  { value: 'paper', label: 'Paper' },
  { value: 'live', label: 'Live' },
];

/**
 * The Paper/Live switch (spec §2/§4), a radio group named "Trading mode". A refused switch shows why; a configuration
 * that failed to load shows that the app fell back to paper with the demo broker.
 */
export function TradingModeSwitch({ showLabel = true }: { showLabel?: boolean }) {
  const { mode, error, switching, switchTo, config } = useTradingMode();
  const unloaded = config.isError && !config.data;
  const labelId = useId();
  const label = (
    <Text id={labelId} textStyle="xs" fontWeight="semibold" color="fg.muted">
      Trading mode
    </Text>
  );
  return (
    <Stack gap="1.5">
      {showLabel ? (
        <HStack justify="space-between" minH="4">
          {label}
          {switching ? <Spinner size="xs" color="fg.muted" aria-label="Switching trading mode" /> : null}
        </HStack>
      ) : (
        <VisuallyHidden>{label}</VisuallyHidden>
      )}
      <SegmentedChoice
        items={ITEMS}
        value={mode}
        onChange={switchTo}
        labelledBy={labelId}
        disabled={switching}
        fullWidth
        palette={mode === 'live' ? 'red' : 'brand'}
      />
      {error ? (
        <Text textStyle="xs" color="fg.error" role="status">
          {error}
        </Text>
      ) : unloaded ? (
        <Text textStyle="xs" color="fg.error" role="status">
          Failed to load trading mode configuration
          <Text as="span" display="block" color="fg.muted">
            Paper trading with the demo broker.
          </Text>
        </Text>
      ) : null}
    </Stack>
  );
}
