import { Link, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { toaster } from '../../components/toast/toaster';
import { OpportunityAlertCreatedDocument } from '../../graphql/generated/graphql';
import { useSubscription } from '../../graphql/subscriptions';
import { markOpportunityRead, opportunityKeys } from './queries';
import { opportunityToastText } from './opportunityText';

/**
 * Mounted once in the shell (lazily): each new opportunity alert shows a toast with a link to its symbol (opening
 * it marks the alert read) and refreshes the alert lists.
 */
export default function OpportunityEvents() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useSubscription(OpportunityAlertCreatedDocument, {}, ({ opportunityAlerts: alert }) => {
    void queryClient.invalidateQueries({ queryKey: opportunityKeys.lists() });
    const { title, description } = opportunityToastText(alert);
    const href = `/stocks/${encodeURIComponent(alert.symbol)}`;
    const id = toaster.create({
      title,
      type: 'info',
      duration: 15_000,
      closable: true,
      description: (
        <Stack gap="1">
          <Text>{description}</Text>
          <Link
            href={href}
            fontWeight="semibold"
            colorPalette="brand"
            color="colorPalette.fg"
            onClick={(event) => {
              event.preventDefault();
              toaster.dismiss(id);
              markOpportunityRead(queryClient, alert.id).catch(() => undefined);
              void navigate({ to: '/stocks/$symbol', params: { symbol: alert.symbol } });
            }}
          >
            Open {alert.symbol}
          </Link>
        </Stack>
      ),
    });
  });
  return null;
}
