import { Badge, Card, HStack, Link, Text, Wrap } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { ChartDataCard } from '../../../../domain/chat/messages';

/** A chart card (spec §3 chartData): symbol, interval and indicators, the chart, and a link to the stock. */
export function ChartCard({ card, chart }: { card: ChartDataCard; chart: ReactNode }) {
  return (
    <Card.Root size="sm" variant="outline" data-testid="chart-card">
      <Card.Body gap="2">
        <HStack justify="space-between">
          <Text fontWeight="semibold">
            {card.symbol} · {card.interval}
          </Text>
          <Link asChild textStyle="xs" color="brand.fg">
            <RouterLink to="/stocks/$symbol" params={{ symbol: card.symbol }}>
              Open chart
            </RouterLink>
          </Link>
        </HStack>
        {chart}
        <Wrap gap="1">
          {card.indicators.map((indicator) => (
            <Badge key={indicator} size="sm" variant="subtle">
              {indicator}
            </Badge>
          ))}
        </Wrap>
      </Card.Body>
    </Card.Root>
  );
}
