import type { PriceAlertFieldsFragment } from '../../graphql/generated/graphql';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** The toast of a fired price alert: which alert, and the price that fired it. */
export function alertToastText(alert: Pick<PriceAlertFieldsFragment, 'symbol' | 'message' | 'currentPrice'>): {
  title: string;
  description: string;
} {
  const price = alert.currentPrice === null ? '' : ` ${alert.symbol} is at ${usd.format(alert.currentPrice)}.`;
  return { title: 'Price alert triggered', description: `${alert.message}.${price}` };
}
