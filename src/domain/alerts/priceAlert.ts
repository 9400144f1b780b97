/** A price alert (spec §3 Price alert; the API's PriceAlert): money in dollars, date-times ISO-8601. */

export type AlertCondition = 'above' | 'below';

export interface PriceAlert {
  id: string;
  type: 'price';
  symbol: string;
  message: string;
  /** Fires when the price is at or above (at or below) the trigger price. */
  condition: AlertCondition;
  isActive: boolean;
  triggerPrice: number;
  /** The price it last fired at. */
  currentPrice: number | null;
  createdAt: string;
  triggeredAt: string | null;
  isRead: boolean;
}
