import { SkeletonText, Stack } from '@chakra-ui/react';
import type { IconType } from 'react-icons';
import { SectionCard } from '../../../components/page/SectionCard';

/** A card's frame with loading lines, while its content renders or loads. */
export function CardSkeleton({ title, icon, lines = 4 }: { title: string; icon: IconType; lines?: number }) {
  return (
    <SectionCard title={title} icon={icon}>
      <Stack aria-busy="true" aria-label={`Loading ${title.toLowerCase()}`} py="1">
        <SkeletonText noOfLines={lines} gap="3" />
      </Stack>
    </SectionCard>
  );
}
