/**
 * Web Push (issue 16 point 4): devices' subscriptions, the VAPID key the browser subscribes with, delivery of
 * fired price alerts, filled orders and opportunity alerts, and the catch-up list.
 *
 * Once per event: the bus handed to the services is wrapped ({@link PushService.observe}) so that a message is
 * sent where the event is PUBLISHED, i.e. by the one process that produced it (the leader evaluating alerts and
 * matching orders, or the process that filled a market order at once), never where it is received: with Redis
 * every process receives every event, and none of them sends for it. Opportunity alerts call `notify` directly.
 * Whether a kind is sent follows the user's preferences (src/domain/push/notification.ts `pushAllowed`).
 */
import type { PriceAlert } from '../../../src/domain/alerts/priceAlert';
import type { NotificationSettings } from '../../../src/domain/preferences';
import {
  alertNotification,
  fillNotification,
  pushAllowed,
  type PushPayload,
} from '../../../src/domain/push/notification';
import type { Order } from '../../../src/domain/trading/orders';
import type { Database } from '../../db/client';
import type { EventBus } from '../../events';
import { loadPreferencesRow } from '../preferences';
import { missedNotifications } from './missed';
import { createPushSender } from './send';
import {
  listSubscriptions,
  parseSubscription,
  removeSubscription,
  saveSubscription,
  type PushSubscriptionInput,
  type PushSubscriptionRow,
} from './subscriptions';
import type { VapidKeys } from './vapid';

export { loadVapidKeys, type VapidKeys } from './vapid';
export { MAX_PUSH_SUBSCRIPTIONS } from './subscriptions';

export interface PushSettings {
  vapid: VapidKeys;
  /** Endpoints must then be https to a public host. */
  production: boolean;
}

export interface PushDependencies {
  db: Database;
  now: () => Date;
  log: { warn(object: unknown, message: string): void };
  /** undefined: this server sends no push messages (pushConfig.enabled false, subscribing refused). */
  settings: PushSettings | undefined;
}

const toDevice = (row: PushSubscriptionRow) => ({
  endpoint: row.endpoint,
  device: row.userAgent,
  createdAt: row.createdAt.toISOString(),
  lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
});

export function createPushService({ db, now, log, settings }: PushDependencies) {
  const send = settings && createPushSender({ db, vapid: settings.vapid, now, log });
  const pending = new Set<Promise<unknown>>();

  /**
   * Sends `payload` to the user's devices if their preferences allow its kind; resolves with the devices reached.
   * `settings`: the user's notification preferences when the caller has just read them (a batch's), else loaded.
   */
  async function notify(userId: string, payload: PushPayload, settings?: NotificationSettings): Promise<number> {
    if (!send) return 0;
    try {
      const notifications = settings ?? (await loadPreferencesRow(db, userId)).notifications;
      if (!pushAllowed(notifications, payload.kind)) return 0;
      return await send(userId, payload);
    } catch (error) {
      log.warn({ err: error }, 'push notification not sent');
      return 0;
    }
  }

  function inBackground(userId: string, payload: PushPayload) {
    const delivery = notify(userId, payload).finally(() => pending.delete(delivery));
    pending.add(delivery);
  }

  return {
    config: () => ({ publicKey: settings?.vapid.publicKey ?? '', enabled: settings !== undefined }),
    devices: async (userId: string) => (await listSubscriptions(db, userId)).map(toDevice),
    async subscribe(userId: string, input: PushSubscriptionInput) {
      const parsed = await parseSubscription(input, settings?.production ?? true);
      return toDevice(await saveSubscription(db, userId, parsed));
    },
    unsubscribe: (userId: string, endpoint: string) => removeSubscription(db, userId, endpoint),
    missed: (userId: string, since: string) => missedNotifications(db, userId, since),
    notify,
    /**
     * The bus the services publish on: the same bus, whose `alertTriggered` and `orderUpdated` (status FILLED)
     * also send a push message from this process, in the background.
     */
    observe(bus: EventBus): EventBus {
      const publish = ((...args: unknown[]) => {
        (bus.publish as (...a: unknown[]) => void)(...args);
        const [event, userId, payload] = args as [string, string, unknown];
        if (event === 'alertTriggered') inBackground(userId, alertNotification(payload as PriceAlert));
        if (event === 'orderUpdated' && (payload as Order).status === 'FILLED') {
          inBackground(userId, fillNotification(payload as Order));
        }
      }) as EventBus['publish'];
      return { ...bus, publish };
    },
    /** Resolves once the messages being sent have been (at shutdown, before the database closes). */
    async drain() {
      await Promise.allSettled([...pending]);
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;
