import { Box, Skeleton, Text, type BoxProps } from '@chakra-ui/react';

interface CardSkeletonProps {
  title: string;
  /** Height of the loading block (a CSS length); about the loaded card's body, so nothing below jumps. */
  bodyH?: BoxProps['h'];
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
      pt="6"
      pb="6"
    >
      <Text as="h2" textStyle="md" fontWeight="semibold" mb="5">
        {title}
      </Text>
      <Skeleton h={bodyH} borderRadius="md" />
    </Box>
  );
}
