import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import type { OpportunityAlertFieldsFragment } from '../../graphql/generated/graphql';
import { StockLink } from '../market/StockLink';
import { opportunityExpiryText, opportunityFiguresText, opportunitySourceText } from './opportunityText';

const RISK_PALETTE = { low: 'green', medium: 'orange', high: 'red' } as const;

/** One opportunity alert: symbol, risk, where it came from, its figures, expiry and reasoning; Mark read. */
export function OpportunityRow({
  alert,
  onMarkRead,
  disabled,
}: {
  alert: OpportunityAlertFieldsFragment;
  onMarkRead(id: string): void;
  disabled: boolean;
}) {
  return (
    <Stack as="li" gap="1" borderWidth="1px" borderRadius="l2" p="3" aria-label={`Opportunity ${alert.symbol}`}>
      <HStack gap="2" justify="space-between" align="center">
        <HStack gap="2" wrap="wrap">
          <StockLink symbol={alert.symbol} />
          <Badge colorPalette={RISK_PALETTE[alert.riskLevel]} variant="subtle">
            {alert.riskLevel} risk
          </Badge>
        </HStack>
        {alert.isRead ? null : (
          <Button size="xs" variant="ghost" onClick={() => onMarkRead(alert.id)} disabled={disabled}>
            Mark read
          </Button>
        )}
      </HStack>
      <Text textStyle="sm">{opportunityFiguresText(alert)}</Text>
      <Text textStyle="xs" color="fg.muted">
        {opportunitySourceText(alert)} · {opportunityExpiryText(alert.timeToExpiry)}
      </Text>
      <Text textStyle="xs" color="fg.muted" lineClamp={3} title={alert.reasoning}>
        {alert.reasoning}
      </Text>
    </Stack>
  );
}
