import { Box, SimpleGrid, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

const SIGN_COLORS: Partial<Record<string, string>> = { '+': 'fg.success', '−': 'fg.error' };

interface FigureTileProps {
  label: string;
  value: string;
  /** A short explanation of the figure. */
  hint?: string;
  /** A signed figure: green when its text starts with +, red with − (so a value rounding to 0 stays neutral). */
  signed?: boolean;
}

/** One figure with its name and, under it, what it means. */
export function FigureTile({ label, value, hint, signed = false }: FigureTileProps) {
  const tone = signed ? SIGN_COLORS[value.charAt(0)] : undefined;
  return (
    <Box borderWidth="1px" borderRadius="lg" p="3" bg="bg.subtle" minW="0">
      <Text textStyle="xs" color="fg.muted" fontWeight="medium">
        {label}
      </Text>
      <Text textStyle="lg" fontWeight="semibold" fontVariantNumeric="tabular-nums" color={tone}>
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
