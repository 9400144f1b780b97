/**
 * One tick of the simulated market as the leader shares it with the other server processes
 * (server/services/market/sharedTicks.ts):
 * compact, plain JSON. A follower applies it with SimulatedMarket.applyTick and ends up with the leader's quotes.
 */
export interface MarketTick {
  /** The tick's instant (epoch ms): every quote's timestamp, increasing from tick to tick across leaders. */
  at: number;
  /** ET day number of the session the tick belongs to. */
  sessionDay: number;
  entries: TickEntry[];
}

/**
 * One symbol: its log price after the tick, the shares the tick traded, then the quote's previous close and average
 * volume and the session's open, high, low and volume so far.
 */
export type TickEntry = [
  symbol: string,
  logPrice: number,
  volume: number,
  previousClose: number,
  avgVolume: number,
  open: number,
  high: number,
  low: number,
  sessionVolume: number,
];

/** Whether `value` has a MarketTick's shape (what arrives from another process is checked before it is applied). */
export function isMarketTick(value: unknown): value is MarketTick {
  if (typeof value !== 'object' || value === null) return false;
  const { at, sessionDay, entries } = value as Partial<MarketTick>;
  return (
    Number.isFinite(at) &&
    Number.isInteger(sessionDay) &&
    Array.isArray(entries) &&
    entries.every(
      (entry) =>
        Array.isArray(entry) &&
        entry.length === 9 &&
        typeof entry[0] === 'string' &&
        entry.slice(1).every((n) => typeof n === 'number' && Number.isFinite(n)),
    )
  );
}
