/**
 * `?strategyId=&runId=&tab=` of /backtest (and /backtesting, which redirects there): the strategy chosen when the
 * page opens (from its detail page), a stored run to show (from the strategy's backtest history), and the tab it
 * opens on (`optimise`: the parameter optimisation; else the backtest).
 */
export interface BacktestSearch {
  strategyId?: string;
  runId?: string;
  tab?: 'optimise';
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

export function parseBacktestSearch(search: Record<string, unknown>): BacktestSearch {
  const strategyId = text(search.strategyId);
  const runId = text(search.runId);
  const tab = search.tab === 'optimise' ? ('optimise' as const) : undefined;
  return { ...(strategyId && { strategyId }), ...(runId && { runId }), ...(tab && { tab }) };
}
