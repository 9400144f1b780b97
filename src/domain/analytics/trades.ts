/**
 * Trade statistics and realised gains by tax lot (issue 15 point 2; pure).
 *
 * Rules:
 * - Fills are matched FIFO per symbol into round trips by the live-performance matcher (`matchRoundTrips` of
 *   ../backtest/livePerformance.ts): a BUY opens a lot; a SELL closes the oldest lots first, a partial sell splitting
 *   a lot (the rest stays open with its date and price); a sell beyond the open lots is ignored. Each (lot, sell)
 *   pair is one closed trade and one realised-gain row.
 * - Win rate, profit factor and expectancy are the backtest's `tradeStats`; average win and average loss (a positive
 *   number) come from `winLoss` (0 when there is none); average holding time = mean(exit − entry) in ms (null without
 *   a closed trade).
 * - Realised gain of a row: proceeds − cost basis, proceeds = m × exit price − the exit commission of those m shares,
 *   cost basis = m × entry price + their entry commission (so the gains sum to the trades' P&L).
 * - Long-term when held more than one year: the sale's America/New_York date is after the purchase date's
 *   anniversary (a lot bought 2024-03-15 and sold 2025-03-15 is short-term, sold 2025-03-16 long-term; a
 *   29 February purchase's anniversary is 1 March).
 */
import { matchRoundTrips, type LiveFill, type RoundTrip } from '../backtest/livePerformance';
import { mean, tradeStats, winLoss, type TradeStats } from '../backtest/metrics';
import { dateOfDayNumber, dayNumberOf, easternDayNumber } from '../market/calendar';

export interface TradeStatistics extends TradeStats {
  averageWin: number;
  averageLoss: number;
  /** Milliseconds; null without a closed trade. */
  averageHoldingMs: number | null;
}

export function tradeStatistics(trips: readonly RoundTrip[]): TradeStatistics {
  const { averageWin, averageLoss } = winLoss(trips);
  return {
    ...tradeStats(trips),
    averageWin,
    averageLoss,
    averageHoldingMs: trips.length > 0 ? mean(trips.map((t) => t.exitTime - t.entryTime)) : null,
  };
}

export type HoldingTerm = 'SHORT' | 'LONG';

export interface RealisedLot {
  symbol: string;
  quantity: number;
  acquiredAt: number;
  soldAt: number;
  costBasis: number;
  proceeds: number;
  gain: number;
  term: HoldingTerm;
}

/** Whether a lot bought at `acquiredAt` and sold at `soldAt` (epoch ms) was held more than one year. */
export function holdingTerm(acquiredAt: number, soldAt: number): HoldingTerm {
  const bought = dateOfDayNumber(easternDayNumber(acquiredAt));
  const anniversary = dayNumberOf(bought.year + 1, bought.month, bought.day);
  return easternDayNumber(soldAt) > anniversary ? 'LONG' : 'SHORT';
}

export interface RealisedGains {
  lots: RealisedLot[];
  shortTerm: number;
  longTerm: number;
  total: number;
}

/** Realised gains of the fills by FIFO lot, in the order the lots closed, with the short/long-term totals. */
export function realisedGains(fills: readonly LiveFill[]): RealisedGains {
  const lots = matchRoundTrips(fills).map((trip): RealisedLot => {
    const costBasis = trip.quantity * trip.entryPrice + trip.entryCommission;
    const proceeds = trip.quantity * trip.exitPrice - trip.exitCommission;
    return {
      symbol: trip.symbol,
      quantity: trip.quantity,
      acquiredAt: trip.entryTime,
      soldAt: trip.exitTime,
      costBasis,
      proceeds,
      gain: proceeds - costBasis,
      term: holdingTerm(trip.entryTime, trip.exitTime),
    };
  });
  let shortTerm = 0;
  let longTerm = 0;
  for (const lot of lots) {
    if (lot.term === 'LONG') longTerm += lot.gain;
    else shortTerm += lot.gain;
  }
  return { lots, shortTerm, longTerm, total: shortTerm + longTerm };
}
