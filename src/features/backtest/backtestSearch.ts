/**
 * `?strategyId=&runId=` of /backtest (and /backtesting, which redirects there): the strategy chosen when the page
 * opens (from its detail page) and a stored run to show (from the strategy's backtest history).
 */
export interface BacktestSearch {
  strategyId?: string;
  runId?: string;
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

export function parseBacktestSearch(search: Record<string, unknown>): BacktestSearch {
  const strategyId = text(search.strategyId);
  const runId = text(search.runId);
  return { ...(strategyId && { strategyId }), ...(runId && { runId }) };
}
