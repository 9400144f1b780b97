/** `?strategyId=` of /backtest and /backtesting: the strategy chosen when the page opens (from its detail page). */
export interface BacktestSearch {
  strategyId?: string;
}

export function parseBacktestSearch(search: Record<string, unknown>): BacktestSearch {
  const { strategyId } = search;
  return typeof strategyId === 'string' && strategyId !== '' ? { strategyId } : {};
}
