import { Box, Skeleton, Text } from '@chakra-ui/react';

/** A length in rem (the theme's sizes), so frame and body heights add up in one calc(). */
type Rem = `${number}rem`;

/** A card skeleton's body height: one for all screens, or from `base` up and from `lg` up. */
export type CardBodyHeight = Rem | { base: Rem; lg?: Rem };

// The frame's vertical parts, used both in its styles and in cardSkeletonHeight: padding above and below, the
// title's line and its gap to the body (plus the 1px borders). The same as SectionCard's when its title row has no
// `aside`; a small button there makes that row 0.75rem taller, which such a card's bodyH has to include.
const PAD_REM = 1.5;
const TITLE_LINE_REM = 1.5;
const TITLE_GAP_REM = 1.25;
const rem = (value: number): Rem => `${value}rem`;
const FRAME_H = `${rem(2 * PAD_REM + TITLE_LINE_REM + TITLE_GAP_REM)} + 2px`;

/** The whole height of CardSkeleton of body `bodyH` (CSS), per breakpoint when `bodyH` has several. */
export function cardSkeletonHeight(bodyH: CardBodyHeight): string | Record<string, string> {
  const one = (h: Rem) => `calc(${h} + ${FRAME_H})`;
  if (typeof bodyH === 'string') return one(bodyH);
  return { base: one(bodyH.base), ...(bodyH.lg ? { lg: one(bodyH.lg) } : {}) };
}

interface CardSkeletonProps {
  title: string;
  /** About the loaded card's body height, so nothing below jumps. */
  bodyH?: CardBodyHeight;
}

/**
 * A card's frame with its title and one loading block, while its content renders or loads. Deliberately a few
 * elements only (a screen shows several of these while it starts): the same outline, radius, padding and title
 * size as SectionCard.
 */
export function CardSkeleton({ title, bodyH = '8rem' }: CardSkeletonProps) {
  return (
    <Box
      as="section"
      aria-label={title}
      aria-busy="true"
      borderWidth="1px"
      borderRadius="xl"
      bg="bg.panel"
      px="6"
      pt={rem(PAD_REM)}
      pb={rem(PAD_REM)}
    >
      <Text as="h2" textStyle="md" lineHeight={rem(TITLE_LINE_REM)} fontWeight="semibold" mb={rem(TITLE_GAP_REM)}>
        {title}
      </Text>
      <Skeleton h={bodyH} borderRadius="md" />
    </Box>
  );
}
