import type { LocalDb } from '../../data/db';
import type { PortfolioFieldsFragment, PositionFieldsFragment } from '../../graphql/generated/graphql';

/** Key of the one portfolio row in Dexie. */
export const PORTFOLIO_ROW_KEY = 'current';

type PortfolioSummary = Omit<PortfolioFieldsFragment, 'positions'>;

const SUMMARY_NUMBERS = [
  'totalValue',
  'totalGainLoss',
  'totalGainLossPercent',
  'dayGainLoss',
  'dayGainLossPercent',
  'cash',
  'buyingPower',
  'marginUsed',
] as const;
const POSITION_NUMBERS = [
  'quantity',
  'averageCost',
  'currentPrice',
  'marketValue',
  'costBasis',
  'unrealizedPnL',
  'unrealizedPnLPercent',
  'realizedPnL',
  'dayPnL',
] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** A stored summary still has the shape this version reads (rows written by an older version are ignored). */
function isSummary(value: unknown): value is PortfolioSummary {
  return (
    isRecord(value) &&
    typeof value.lastUpdated === 'string' &&
    SUMMARY_NUMBERS.every((key) => typeof value[key] === 'number')
  );
}

function isPosition(value: unknown): value is PositionFieldsFragment {
  return (
    isRecord(value) &&
    typeof value.symbol === 'string' &&
    typeof value.side === 'string' &&
    POSITION_NUMBERS.every((key) => typeof value[key] === 'number')
  );
}

/**
 * Writes a server answer into Dexie in one transaction: the summary row and exactly its positions (positions
 * closed since the last answer are removed), so Portfolio reads offline what the server last said.
 */
export async function savePortfolio(db: LocalDb, portfolio: PortfolioFieldsFragment): Promise<void> {
  const { positions, ...summary } = portfolio;
  const updatedAt = portfolio.lastUpdated;
  await db.transaction('rw', db.portfolio, db.positions, async () => {
    await db.portfolio.put({ key: PORTFOLIO_ROW_KEY, data: summary, updatedAt });
    await db.positions.clear();
    await db.positions.bulkPut(positions.map((position) => ({ symbol: position.symbol, data: position, updatedAt })));
  });
}

/** Positions largest (market value) first, the order every view of the portfolio lists them in. */
export function largestFirst<T extends { marketValue: number }>(positions: readonly T[]): T[] {
  return [...positions].sort((a, b) => b.marketValue - a.marketValue);
}

/** The portfolio as last stored, or null when nothing (readable) is stored. Positions largest first. */
export async function readPortfolio(db: LocalDb): Promise<PortfolioFieldsFragment | null> {
  return db.transaction('r', db.portfolio, db.positions, async () => {
    const row = await db.portfolio.get(PORTFOLIO_ROW_KEY);
    if (!row || !isSummary(row.data)) return null;
    const positions = (await db.positions.toArray()).map((item) => item.data).filter(isPosition);
    return { ...row.data, positions: largestFirst(positions) };
  });
}
