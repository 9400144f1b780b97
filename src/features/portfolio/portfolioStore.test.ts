import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { openLocalDb, type LocalDb } from '../../data/db';
import type { PortfolioFieldsFragment } from '../../graphql/generated/graphql';
import { readPortfolio, savePortfolio } from './portfolioStore';

const position = (symbol: string, marketValue: number) => ({
  symbol,
  quantity: 10,
  averageCost: 20,
  currentPrice: marketValue / 10,
  marketValue,
  costBasis: 200,
  unrealizedPnL: marketValue - 200,
  unrealizedPnLPercent: ((marketValue - 200) / 200) * 100,
  realizedPnL: 0,
  dayPnL: 1.5,
  side: 'long',
});

const portfolio = (positions: PortfolioFieldsFragment['positions']): PortfolioFieldsFragment => ({
  totalValue: 100_010,
  totalGainLoss: 10,
  totalGainLossPercent: 0.01,
  dayGainLoss: 3,
  dayGainLossPercent: 0.003,
  cash: 99_500,
  buyingPower: 99_500,
  marginUsed: 0,
  lastUpdated: '2026-11-23T15:00:00.000Z',
  positions,
});

let db: LocalDb;
let counter = 0;
afterEach(async () => {
  db.close();
  await db.delete();
});

function freshDb(): LocalDb {
  counter += 1;
  db = openLocalDb(`portfolio-store-test-${counter}`);
  return db;
}

describe('portfolio in Dexie', () => {
  it('reads back what the server last answered, positions largest first', async () => {
    const local = freshDb();
    expect(await readPortfolio(local)).toBeNull();
    await savePortfolio(local, portfolio([position('INTC', 220), position('AAPL', 2100)]));
    const stored = await readPortfolio(local);
    expect(stored?.cash).toBe(99_500);
    expect(stored?.positions.map((item) => item.symbol)).toEqual(['AAPL', 'INTC']);
    expect(stored?.positions[0]).toEqual(position('AAPL', 2100));
  });

  it('drops positions that the newer answer no longer has', async () => {
    const local = freshDb();
    await savePortfolio(local, portfolio([position('INTC', 220), position('AAPL', 2100)]));
    await savePortfolio(local, { ...portfolio([position('AAPL', 2000)]), cash: 99_720 });
    const stored = await readPortfolio(local);
    expect(stored?.cash).toBe(99_720);
    expect(stored?.positions.map((item) => item.symbol)).toEqual(['AAPL']);
  });

  it('ignores rows of another shape (an older version wrote them)', async () => {
    const local = freshDb();
    await local.portfolio.put({ key: 'current', data: { cash: 'a lot' }, updatedAt: 'x' });
    expect(await readPortfolio(local)).toBeNull();
  });
});
