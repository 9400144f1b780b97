import { Box, SimpleGrid, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface FigureTileProps {
  label: string;
  value: string;
  /** A short explanation of the figure. */
  hint?: string;
  tone?: 'up' | 'down';
}

/** One figure with its name and, under it, what it means. */
export function FigureTile({ label, value, hint, tone }: FigureTileProps) {
  return (
    <Box borderWidth="1px" borderRadius="lg" p="3" bg="bg.subtle" minW="0">
      <Text textStyle="xs" color="fg.muted" fontWeight="medium">
        {label}
      </Text>
      <Text
        textStyle="lg"
        fontWeight="semibold"
        fontVariantNumeric="tabular-nums"
        color={tone === 'up' ? 'fg.success' : tone === 'down' ? 'fg.error' : undefined}
      >
        {value}
      </Text>
      {hint ? (
        <Text textStyle="xs" color="fg.muted" mt="1">
          {hint}
        </Text>
      ) : null}
    </Box>
  );
}

/** Figures in a responsive grid: two a row on phones, up to four on wide screens. */
export function FigureGrid({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid columns={{ base: 2, md: 3, xl: 4 }} gap="3">
      {children}
    </SimpleGrid>
  );
}

/** The up/down tone of a signed figure (none for null or zero). */
export function toneOf(value: number | null | undefined): 'up' | 'down' | undefined {
  if (value === null || value === undefined || value === 0) return undefined;
  return value > 0 ? 'up' : 'down';
}
