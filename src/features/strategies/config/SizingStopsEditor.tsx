import { Flex, Stack, Text } from '@chakra-ui/react';
import { NumberField } from '../../../components/form/NumberField';
import { SelectField } from '../../../components/form/SelectField';
import type { SizingKind } from '../../../domain/strategies';
import { STRATEGY_LIMITS } from '../../../domain/strategies';
import { STOP_KEYS, type Draft, type StopKey } from './draft';
import { KindFields } from './OperandEditor';
import { SIZING_LABELS, startingValues } from './operands';

const SIZING_OPTIONS = Object.entries(SIZING_LABELS).map(([value, label]) => ({ value, label }));
const STOP_LABELS: Readonly<Record<StopKey, string>> = {
  stopLossPercent: 'Stop-loss %',
  takeProfitPercent: 'Take-profit %',
  trailingStopPercent: 'Trailing stop %',
};

interface SizingStopsEditorProps {
  sizing: Draft['sizing'];
  stops: Draft['stops'];
  onSizing(sizing: Draft['sizing']): void;
  onStops(stops: Draft['stops']): void;
  errors: Readonly<Record<string, string>>;
}

/** How much each entry buys, and the optional protective exits in percent of the entry price. */
export function SizingStopsEditor({ sizing, stops, onSizing, onStops, errors }: SizingStopsEditorProps) {
  return (
    <Stack gap="3" as="section" aria-label="Sizing and stops">
      <Text as="h3" fontWeight="semibold">
        Sizing and stops
      </Text>
      <Flex gap="2" wrap="wrap" align="flex-start" data-testid="sizing">
        <Stack flex="1 1 10rem" minW="0" gap="1">
          <SelectField
            label="Position size"
            size="sm"
            value={sizing.kind}
            options={SIZING_OPTIONS}
            onChange={(kind) => onSizing({ kind: kind as SizingKind, values: startingValues(kind as SizingKind) })}
          />
        </Stack>
        <KindFields
          kind={sizing.kind}
          values={sizing.values}
          onChange={(values) => onSizing({ kind: sizing.kind, values })}
          path="sizing"
          errors={errors}
        />
      </Flex>
      <Stack gap="1">
        <Flex gap="2" wrap="wrap" align="flex-start">
          {STOP_KEYS.map((key) => (
            <Stack key={key} flex="1 1 9rem" minW="0" gap="1">
              <NumberField
                label={STOP_LABELS[key]}
                value={stops[key]}
                onChange={(value) => onStops({ ...stops, [key]: value })}
                max={STRATEGY_LIMITS.percent.max}
                step={0.5}
                error={errors[`stops.${key}`]}
              />
            </Stack>
          ))}
        </Flex>
        <Text textStyle="xs" color="fg.muted">
          Each stop is optional (leave it empty); percent of the entry price, trailing of the highest close since.
        </Text>
      </Stack>
    </Stack>
  );
}
