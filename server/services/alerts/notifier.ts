import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import type { EmailMessage, EmailTransport } from '../notifications';
import { loadPreferencesRow } from '../preferences';
import type { FiredAlert } from './watcher';

const usd = (x: number) => `$${x.toFixed(2)}`;

/** The e-mail for a fired alert. */
export function alertEmail(to: string, alert: FiredAlert): EmailMessage {
  const price = alert.currentPrice === null ? '' : ` (now ${usd(alert.currentPrice)})`;
  const headline = `${alert.symbol} is ${alert.condition} ${usd(alert.triggerPrice)}${price}`;
  return {
    to,
    subject: `Price alert: ${headline}`,
    text: `${alert.message ? `${alert.message}\n\n` : ''}${headline}.\n\nThis alert is now inactive; turn it on again in Alerts to be told the next time.`,
  };
}

/**
 * Sends a fired alert through the user's enabled channels: e-mail when the user has an e-mail address and
 * both preferences.notifications.email and tradingAlerts are on (the in-app push is the alertTriggered
 * subscription the alerts service publishes).
 */
export function createAlertNotifier(db: Database, email: Pick<EmailTransport, 'send'>) {
  return async (alert: FiredAlert): Promise<void> => {
    const { notifications } = await loadPreferencesRow(db, alert.userId);
    if (!notifications.email || !notifications.tradingAlerts) return;
    const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, alert.userId));
    if (!user?.email) return;
    await email.send(alertEmail(user.email, alert));
  };
}
