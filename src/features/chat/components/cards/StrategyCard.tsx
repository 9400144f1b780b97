import { Badge, Card, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { StrategyDataCard } from '../../../../domain/chat/messages';
import { formatPrice } from '../../format';

const stat = (label: string, value: string) => (
  <Stack gap="0" key={label}>
    <Text color="fg.muted">{label}</Text>
    <Text fontWeight="medium">{value}</Text>
  </Stack>
);

/** A strategy card (spec §3 strategyData). */
export function StrategyCard({ card }: { card: StrategyDataCard }) {
  return (
    <Card.Root size="sm" variant="outline" data-testid="strategy-card">
      <Card.Body gap="2">
        <HStack justify="space-between">
          <Text fontWeight="semibold">{card.name}</Text>
          <Badge colorPalette={card.status === 'active' ? 'green' : card.status === 'paused' ? 'yellow' : 'gray'}>
            {card.status}
          </Badge>
        </HStack>
        <SimpleGrid columns={2} gap="2" textStyle="xs">
          {stat(
            'Performance',
            card.performance === null || card.performance === undefined ? '—' : `${card.performance.toFixed(2)}%`,
          )}
          {stat('Win rate', card.winRate === null || card.winRate === undefined ? '—' : `${card.winRate.toFixed(1)}%`)}
          {stat('P&L', card.profitLoss === null || card.profitLoss === undefined ? '—' : formatPrice(card.profitLoss))}
          {stat('Trades', card.tradesCount === null || card.tradesCount === undefined ? '—' : String(card.tradesCount))}
        </SimpleGrid>
      </Card.Body>
    </Card.Root>
  );
}
