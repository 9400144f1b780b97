/**
 * Diversification and allocation of a portfolio (issue 15 point 3; pure).
 *
 * Rules:
 * - Diversification weights are shares of the invested value (Σ market value of the positions): by symbol, by sector
 *   and by asset type (the market universe's `sector` and `type`; a symbol outside the universe is sector 'Unknown',
 *   type 'stock'). Each list is sorted by weight, heaviest first (ties by name).
 * - Herfindahl index HHI = Σ w_i² over the symbol weights (1 = a single holding); effective number of holdings =
 *   1 / HHI. Both null without an invested value (no position, or positions worth 0).
 * - Allocation weights are shares of equity (cash + invested value): by symbol, by sector, and cash; null weights
 *   when equity is not positive.
 */

export interface Holding {
  symbol: string;
  marketValue: number;
  sector: string;
  assetType: string;
}

export interface Weight {
  key: string;
  value: number;
  weight: number;
}

export interface Diversification {
  bySymbol: Weight[];
  bySector: Weight[];
  byAssetType: Weight[];
  herfindahl: number | null;
  effectiveHoldings: number | null;
}

export interface Allocation {
  equity: number;
  cash: number;
  cashWeight: number | null;
  bySymbol: Weight[];
  bySector: Weight[];
}

/** Sums `value` by `keyOf` and divides by `total` (0 weights when total ≤ 0), heaviest first. */
export function weightsBy(holdings: readonly Holding[], keyOf: (h: Holding) => string, total: number): Weight[] {
  const sums = new Map<string, number>();
  for (const h of holdings) sums.set(keyOf(h), (sums.get(keyOf(h)) ?? 0) + h.marketValue);
  return [...sums]
    .map(([key, value]) => ({ key, value, weight: total > 0 ? value / total : 0 }))
    .sort((a, b) => b.weight - a.weight || a.key.localeCompare(b.key));
}

export function diversification(holdings: readonly Holding[]): Diversification {
  const invested = holdings.reduce((sum, h) => sum + h.marketValue, 0);
  const bySymbol = weightsBy(holdings, (h) => h.symbol, invested);
  const herfindahl = invested > 0 ? bySymbol.reduce((sum, w) => sum + w.weight * w.weight, 0) : null;
  return {
    bySymbol,
    bySector: weightsBy(holdings, (h) => h.sector, invested),
    byAssetType: weightsBy(holdings, (h) => h.assetType, invested),
    herfindahl,
    effectiveHoldings: herfindahl ? 1 / herfindahl : null,
  };
}

export function allocation(holdings: readonly Holding[], cash: number): Allocation {
  const equity = cash + holdings.reduce((sum, h) => sum + h.marketValue, 0);
  return {
    equity,
    cash,
    cashWeight: equity > 0 ? cash / equity : null,
    bySymbol: weightsBy(holdings, (h) => h.symbol, equity),
    bySector: weightsBy(holdings, (h) => h.sector, equity),
  };
}
