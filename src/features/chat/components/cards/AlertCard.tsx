import { Alert } from '@chakra-ui/react';
import type { AlertCardType } from '../../../../domain/chat/messages';

const STATUS: Record<AlertCardType, 'info' | 'warning' | 'error' | 'success'> = {
  info: 'info',
  warning: 'warning',
  error: 'error',
  success: 'success',
};

/** An alert card (spec §3 metadata alertType with description and action). */
export function AlertCard({ type, description }: { type: AlertCardType; description: string | null }) {
  return (
    <Alert.Root status={STATUS[type]} size="sm" borderRadius="md" data-testid="alert-card">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description textStyle="xs">{description ?? type}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
