import { Flex, Stack } from '@chakra-ui/react';
import { SelectField } from '../../../components/form/SelectField';
import { TextField } from '../../../components/form/TextField';
import { INTERVALS, type Interval } from '../../../domain/market/candle';
import { FieldErrorText } from './OperandEditor';

const INTERVAL_LABELS: Readonly<Record<Interval, string>> = {
  '1m': '1 minute',
  '5m': '5 minutes',
  '15m': '15 minutes',
  '1h': '1 hour',
  '1D': '1 day',
};
const INTERVAL_OPTIONS = INTERVALS.map((value) => ({ value, label: INTERVAL_LABELS[value] }));

interface SetupFieldsProps {
  symbols: string;
  interval: Interval;
  onSymbols(text: string): void;
  onInterval(interval: Interval): void;
  errors: Readonly<Record<string, string | undefined>>;
}

/** Where and on which bars a strategy trades: its symbols (typed as a list) and its bar interval. */
export function SetupFields({ symbols, interval, onSymbols, onInterval, errors }: SetupFieldsProps) {
  return (
    <Flex gap="3" wrap="wrap" align="flex-start">
      <Stack flex="2 1 14rem" minW="0">
        <TextField
          label="Symbols"
          value={symbols}
          onChange={onSymbols}
          helper="1 to 50 symbols, separated by commas or spaces. The preview shows the first."
          error={errors.symbols}
        />
      </Stack>
      <Stack flex="1 1 9rem" minW="0" gap="1">
        <SelectField
          label="Interval"
          value={interval}
          options={INTERVAL_OPTIONS}
          onChange={(value) => onInterval(value as Interval)}
        />
        <FieldErrorText error={errors.interval} />
      </Stack>
    </Flex>
  );
}
