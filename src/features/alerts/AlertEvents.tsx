import { toast } from '../../components/toast/toaster';
import { storeServerPriceAlert } from '../../data/alerts';
import { localDb } from '../../data/db';
import { AlertTriggeredDocument } from '../../graphql/generated/graphql';
import { useSubscription } from '../../graphql/subscriptions';
import { alertToastText } from './alertToast';

/** Mounted once in the shell: a fired price alert lands on the device and shows a toast on any screen. */
export function AlertEvents() {
  useSubscription(AlertTriggeredDocument, {}, ({ alertTriggered: alert }) => {
    storeServerPriceAlert(localDb(), alert).catch(() => undefined);
    toast({ ...alertToastText(alert), duration: 10_000 });
  });
  return null;
}
