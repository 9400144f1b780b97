import { SimpleGrid, Stat } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface StatCard {
  label: string;
  value: ReactNode;
}

/** Key figures as a grid of cards: two a row on phones, three from tablets up. */
export function StatCards({ stats }: { stats: readonly StatCard[] }) {
  return (
    <SimpleGrid columns={{ base: 2, md: 3 }} gap="3">
      {stats.map((stat) => (
        <Stat.Root key={stat.label} borderWidth="1px" borderRadius="xl" p="4" bg="bg.panel">
          <Stat.Label>{stat.label}</Stat.Label>
          <Stat.ValueText fontSize={{ base: 'md', md: 'lg' }} fontVariantNumeric="tabular-nums" textStyle="sm">
            {stat.value}
          </Stat.ValueText>
        </Stat.Root>
      ))}
    </SimpleGrid>
  );
}
