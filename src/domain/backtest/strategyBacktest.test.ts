import { describe, expect, it } from 'vitest';
import { walkBars } from '../strategies/fixtures';
import { STRATEGY_TEMPLATES, definitionFromTemplate } from '../strategies/templates';
import { backtestStrategy } from './strategyBacktest';

const bars = walkBars(1500, 7);
const CAPITAL = 100_000;

function definitionOf(templateId: string) {
  const parsed = definitionFromTemplate(templateId, {});
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.definition;
}

describe('backtestStrategy', () => {
  it.each(STRATEGY_TEMPLATES.map((template) => template.id))(
    'backtests the %s template: trades with reasons whose P&L adds up to the final equity, metrics that agree',
    (templateId) => {
      const result = backtestStrategy(definitionOf(templateId), bars, {
        capital: CAPITAL,
        commission: { perTrade: 1 },
      });
      expect(result.trades.length).toBeGreaterThan(0);
      for (const trade of result.trades) expect(trade.entryReason).not.toBe('');
      const pnl = result.trades.reduce((sum, trade) => sum + trade.pnl, 0);
      expect(pnl).toBeCloseTo(result.finalEquity - CAPITAL, 6);
      expect(result.metrics.totalTrades).toBe(result.trades.length);
      expect(result.metrics.totalReturn).toBeCloseTo(result.finalEquity / CAPITAL - 1, 9);
      expect(result.benchmarkMetrics.totalReturn).toBeCloseTo(result.benchmark.at(-1)! / CAPITAL - 1, 9);
      expect(result.benchmarkMetrics.exposure).toBe(1);
    },
  );

  it('sizes the ATR-risk template from the ATR of its period (a wider stop, fewer shares)', () => {
    const donchian = definitionOf('donchian-breakout');
    expect(donchian.sizing.kind).toBe('atrRisk');
    const narrow = backtestStrategy(donchian, bars, { capital: CAPITAL });
    const wide = backtestStrategy(
      { ...donchian, sizing: { ...donchian.sizing, atrMultiple: 4 } as typeof donchian.sizing },
      bars,
      { capital: CAPITAL },
    );
    expect(wide.trades[0]!.quantity).toBeLessThan(narrow.trades[0]!.quantity);
  });
});
