/**
 * A trading account's portfolio as a broker reports it (spec §3 Portfolio, Position; the API's shapes):
 * money in dollars, percentages in percent (1.5 = +1.5 %), date-times ISO-8601. The paper broker computes
 * it in cents (./portfolio.ts).
 */

export interface Position {
  symbol: string;
  quantity: number;
  /** Average cost per share of the shares held. */
  averageCost: number;
  currentPrice: number;
  marketValue: number;
  /** quantity × averageCost. */
  costBasis: number;
  unrealizedPnL: number;
  unrealizedPnLPercent: number;
  /** Realised profit and loss of the shares sold from this position. */
  realizedPnL: number;
  /** Change of the position's value since the previous close (shares bought today count from their fill price). */
  dayPnL: number;
  /** 'long' (a cash account cannot short). */
  side: string;
}

export interface Portfolio {
  /** cash + market value of the positions. */
  totalValue: number;
  /** totalValue - starting cash. */
  totalGainLoss: number;
  totalGainLossPercent: number;
  dayGainLoss: number;
  dayGainLossPercent: number;
  cash: number;
  /** cash minus the cash reserved by working buy orders (cash account). */
  buyingPower: number;
  /** 0 for a cash account. */
  marginUsed: number;
  lastUpdated: string;
  positions: Position[];
}
