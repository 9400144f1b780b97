import { Alert, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { LuBellRing } from 'react-icons/lu';
import { LabeledSwitch } from '../../components/form/LabeledSwitch';
import { SectionCard } from '../../components/page/SectionCard';
import { errorText, graphQLErrorMessages, isNetworkError } from '../../graphql/errors';
import { useOnline } from '../orders/useOnline';
import { pushConfigQuery, pushDeviceQuery, useSetPush } from './queries';

/** Why push cannot be turned on here, or null when it can. */
function blockedReason(support: string, serverEnabled: boolean, online: boolean): string | null {
  if (support === 'unsupported') return 'This browser cannot receive push notifications.';
  if (support === 'denied') {
    return 'Notifications are blocked for this site. Allow them in the browser’s site settings, then come back.';
  }
  if (!serverEnabled) return 'This server does not send push notifications.';
  if (!online) return 'You are offline: push can be turned on or off once you are back online.';
  return null;
}

/** A refusal of the server or the network in the app's words; the browser's own failures by their message. */
const failureText = (error: Error) =>
  graphQLErrorMessages(error).length > 0 || isNetworkError(error) ? errorText(error) : error.message;

/**
 * Settings → Push notifications: this device receives price alerts, fills and opportunities even when the app is
 * closed (spec §3 notifications.push; which kinds follow the Preferences' notification switches).
 */
export function PushNotificationsSection() {
  const config = useQuery(pushConfigQuery());
  const device = useQuery(pushDeviceQuery());
  const setPush = useSetPush();
  const online = useOnline();
  const on = device.data?.endpoint != null && device.data.support === 'granted';
  const blocked = device.data
    ? blockedReason(device.data.support, config.data?.pushConfig.enabled ?? true, online)
    : null;
  const publicKey = config.data?.pushConfig.publicKey;
  return (
    <SectionCard
      title="Push notifications"
      icon={LuBellRing}
      description="Be told on this device when a price alert fires, an order fills or an opportunity is found, even when the app is closed."
    >
      <Stack gap="3">
        <LabeledSwitch
          label="Push notifications on this device"
          hint="Which notifications are sent follows Preferences (Push, Trading alerts, Portfolio updates)."
          checked={on}
          disabled={device.isPending || setPush.isPending || publicKey === undefined || (blocked !== null && !on)}
          onChange={(checked) => publicKey !== undefined && setPush.mutate({ on: checked, publicKey })}
        />
        {blocked && !(on && online) ? (
          <Alert.Root status={device.data?.support === 'denied' ? 'warning' : 'info'} size="sm">
            <Alert.Indicator />
            <Alert.Title>{blocked}</Alert.Title>
          </Alert.Root>
        ) : null}
        {setPush.error ? (
          <Alert.Root status="error" size="sm">
            <Alert.Indicator />
            <Alert.Title>{failureText(setPush.error)}</Alert.Title>
          </Alert.Root>
        ) : null}
        {on ? (
          <Text textStyle="xs" color="fg.muted">
            This device receives push notifications. Alerts that fire while the app is closed are also summed up when
            you open it.
          </Text>
        ) : null}
      </Stack>
    </SectionCard>
  );
}
