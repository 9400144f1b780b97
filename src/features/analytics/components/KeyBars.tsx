import { Box, Flex, HStack, Stack, Text } from '@chakra-ui/react';

export interface KeyBar {
  key: string;
  label: string;
  value: number;
  /** Extra words after the value ("3 trades"). */
  detail?: string;
}

interface KeyBarsProps {
  /** What the list shows, for screen readers. */
  name: string;
  rows: readonly KeyBar[];
  format(value: number): string;
  /** Signed values are green or red; unsigned ones (weights) take the accent. */
  signed?: boolean;
  empty: string;
}

/** Horizontal bars, one per key (a symbol, a strategy), longest for the largest |value|: a list, read as text. */
export function KeyBars({ name, rows, format, signed = true, empty }: KeyBarsProps) {
  if (rows.length === 0) {
    return (
      <Text textStyle="sm" color="fg.muted">
        {empty}
      </Text>
    );
  }
  const max = Math.max(...rows.map((row) => Math.abs(row.value)));
  return (
    <Stack as="ul" aria-label={name} gap="2.5" listStyleType="none">
      {rows.map((row) => (
        <Box as="li" key={row.key}>
          <HStack justify="space-between" gap="3" textStyle="sm">
            <Text truncate minW="0" fontWeight="medium">
              {row.label}
            </Text>
            <Text
              flexShrink="0"
              fontVariantNumeric="tabular-nums"
              color={signed ? (row.value < 0 ? 'fg.error' : 'fg.success') : undefined}
            >
              {format(row.value)}
              {row.detail ? (
                <Text as="span" color="fg.muted">
                  {' '}
                  · {row.detail}
                </Text>
              ) : null}
            </Text>
          </HStack>
          <Flex mt="1" h="1.5" bg="bg.muted" borderRadius="full" overflow="hidden" aria-hidden="true">
            <Box
              h="full"
              w={max > 0 ? `${(Math.abs(row.value) / max) * 100}%` : '0'}
              bg={signed ? (row.value < 0 ? 'red.solid' : 'green.solid') : 'brand.solid'}
              borderRadius="full"
            />
          </Flex>
        </Box>
      ))}
    </Stack>
  );
}
