/**
 * Push notifications (issue 16 point 4; spec §3 Preferences notifications.push): what the server sends and what
 * the service worker and the catch-up toast show, pure so that both programs share one mapping.
 *
 * Rules:
 * - A notification is `{ title, body, url, tag, kind }` as JSON, encrypted per RFC 8291 by the server.
 * - The screen a click opens: a price alert or an opportunity alert → /stock/SYMBOL (the setup is on that stock),
 *   a filled order → /activity. The service worker only ever navigates to a path of this app ({@link safeNotificationUrl}):
 *   anything else (another origin, `//host`, `javascript:`) opens /dashboard.
 * - `tag` is one per event (`alert:<id>`, `order:<id>`, `opportunity:<id>`): the same event shown twice replaces
 *   itself instead of stacking.
 * - Which preference gates which kind (besides notifications.push itself): price alerts and opportunities are
 *   trading alerts (tradingAlerts); a filled order changes the portfolio (portfolioUpdates).
 */
import type { NotificationSettings } from '../preferences';

export type PushKind = 'alert' | 'fill' | 'opportunity';

export interface PushPayload {
  title: string;
  body: string;
  /** A path of this app (see {@link notificationUrl}). */
  url: string;
  tag: string;
  kind: PushKind;
}

/** Where a click on a notification of `kind` goes. */
export function notificationUrl(kind: PushKind, symbol?: string | null): string {
  if ((kind === 'alert' || kind === 'opportunity') && symbol) return `/stock/${encodeURIComponent(symbol)}`;
  if (kind === 'fill') return '/activity';
  return '/dashboard';
}

/** The path to open for a notification's `data.url`: a path of this app, else /dashboard. */
export function safeNotificationUrl(url: unknown): string {
  return typeof url === 'string' && /^\/(?![/\\])/.test(url) ? url : '/dashboard';
}

/** Whether the user's preferences let a notification of `kind` be pushed. */
export function pushAllowed(settings: NotificationSettings, kind: PushKind): boolean {
  if (!settings.push) return false;
  return kind === 'fill' ? settings.portfolioUpdates : settings.tradingAlerts;
}

const usd = (x: number) => `$${x.toFixed(2)}`;

/** A fired price alert. */
export function alertNotification(alert: {
  id: string;
  symbol: string;
  condition: 'above' | 'below';
  triggerPrice: number;
  currentPrice: number | null;
  message: string;
}): PushPayload {
  const now = alert.currentPrice === null ? '' : ` (now ${usd(alert.currentPrice)})`;
  return {
    title: `Price alert: ${alert.symbol}`,
    body: `${alert.symbol} is ${alert.condition} ${usd(alert.triggerPrice)}${now}${alert.message ? `. ${alert.message}` : ''}`,
    url: notificationUrl('alert', alert.symbol),
    tag: `alert:${alert.id}`,
    kind: 'alert',
  };
}

/** An order filled completely. */
export function fillNotification(order: {
  id: string;
  symbol: string;
  side: 'BUY' | 'SELL';
  filledQuantity: number;
  averageFillPrice: number | null;
}): PushPayload {
  const price = order.averageFillPrice === null ? '' : ` at ${usd(order.averageFillPrice)}`;
  return {
    title: `Order filled: ${order.symbol}`,
    body: `${order.side === 'BUY' ? 'Bought' : 'Sold'} ${order.filledQuantity} ${order.symbol}${price}`,
    url: notificationUrl('fill'),
    tag: `order:${order.id}`,
    kind: 'fill',
  };
}

/** An opportunity alert (issue 16 point 3). */
export function opportunityNotification(opportunity: { id: string; symbol: string; reasoning: string }): PushPayload {
  return {
    title: `Opportunity: ${opportunity.symbol}`,
    body: opportunity.reasoning,
    url: notificationUrl('opportunity', opportunity.symbol),
    tag: `opportunity:${opportunity.id}`,
    kind: 'opportunity',
  };
}

/** What happened while the app was closed, in one line for the catch-up toast ("2 price alerts fired, 1 order filled"). */
export function catchUpSummary(kinds: readonly PushKind[]): string | null {
  const count = (kind: PushKind) => kinds.filter((k) => k === kind).length;
  const parts = [
    [count('alert'), 'price alert fired', 'price alerts fired'],
    [count('fill'), 'order filled', 'orders filled'],
    [count('opportunity'), 'opportunity found', 'opportunities found'],
  ] as const;
  const said = parts.filter(([n]) => n > 0).map(([n, one, many]) => `${n} ${n === 1 ? one : many}`);
  return said.length === 0 ? null : `While you were away: ${said.join(', ')}.`;
}
