import { Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A small label over its value, for grids of figures inside a card. */
export function MiniStat({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Stack gap="0" minW="0">
      <Text textStyle="xs" color="fg.muted">
        {label}
      </Text>
      <Text as="div" fontWeight="medium" fontVariantNumeric="tabular-nums" truncate>
        {value}
      </Text>
    </Stack>
  );
}
