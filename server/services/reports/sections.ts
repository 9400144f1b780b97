/**
 * The tables and charts of each custom report section (./document.ts), from performanceReport's result and the
 * broker's portfolio. Figures keep their units (dollars, fractions for percentages); the renderers format them.
 */
import { DAY_MS, easternDayNumber, HOUR_MS, isoDate } from '../../../src/domain/market/calendar';
import type { Portfolio } from '../../../src/domain/trading/account';
import type { PerformanceReportResult } from '../analytics/performanceReport';
import type { Cell, ReportDocumentSection, ReportTable } from './document';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const money = (value: number | null): Cell => ({ value, format: 'money' });
const percent = (value: number | null): Cell => ({ value, format: 'percent' });
const num = (value: number | null): Cell => ({ value, format: 'number' });
const dateOfTime = (time: number | null) => (time === null ? null : isoDate(Math.round(time / DAY_MS)));
const figures = (title: string, rows: [string, Cell][]): ReportTable => ({
  title,
  columns: [
    { header: 'Figure', format: 'text' },
    { header: 'Value', format: 'number' },
  ],
  rows,
});

export type Report = PerformanceReportResult;

export function summary(r: Report): Pick<ReportDocumentSection, 'tables' | 'note'> {
  const s = r.summary!;
  return {
    note: s.reason,
    tables: [
      figures('Summary', [
        ['Recorded days', { value: s.days, format: 'int' }],
        ['Start equity', money(s.startEquity)],
        ['End equity', money(s.endEquity)],
        ['Net deposits', money(s.netDeposits)],
        ['P&L', money(s.pnl)],
        ['Time-weighted return', percent(s.timeWeightedReturn)],
        ['Money-weighted return', percent(s.moneyWeightedReturn)],
      ]),
    ],
  };
}

export function positions(p: Portfolio): ReportTable {
  const weight = (value: number) => (p.totalValue > 0 ? value / p.totalValue : null);
  return {
    title: 'Positions',
    columns: [
      { header: 'Symbol', format: 'text' },
      { header: 'Quantity', format: 'number' },
      { header: 'Average cost', format: 'money' },
      { header: 'Price', format: 'money' },
      { header: 'Market value', format: 'money' },
      { header: 'Weight', format: 'percent' },
      { header: 'Unrealised P&L', format: 'money' },
    ],
    rows: [
      ...p.positions.map((x) => [
        x.symbol,
        x.quantity,
        x.averageCost,
        x.currentPrice,
        x.marketValue,
        weight(x.marketValue),
        x.unrealizedPnL,
      ]),
      ['Cash', null, null, null, p.cash, weight(p.cash), null],
    ],
  };
}

export const keyPnl = (
  title: string,
  header: string,
  rows: { label?: string; key: string; trades: number; pnl: number }[],
) => ({
  title,
  columns: [
    { header, format: 'text' as const },
    { header: 'Trades', format: 'int' as const },
    { header: 'P&L', format: 'money' as const },
  ],
  rows: rows.map((row) => [row.label ?? row.key, row.trades, row.pnl]),
});

export function trades(r: Report): ReportTable[] {
  const t = r.trades!;
  return [
    figures('Trade statistics', [
      ['Closed trades', { value: t.totalTrades, format: 'int' }],
      ['Win rate', percent(t.winRate)],
      ['Profit factor', num(t.profitFactor)],
      ['Average return', percent(t.averageReturn)],
      ['Expectancy', money(t.expectancy)],
      ['Average win', money(t.averageWin)],
      ['Average loss', money(t.averageLoss)],
      ['Average holding (hours)', num(t.averageHoldingMs === null ? null : t.averageHoldingMs / HOUR_MS)],
    ]),
    keyPnl('P&L by symbol', 'Symbol', r.symbols ?? []),
  ];
}

export function performance(r: Report): Pick<ReportDocumentSection, 'tables' | 'charts'> {
  const equity = r.equity ?? [];
  const pnl = r.pnl ?? [];
  const monthLabel = (day: number) => isoDate(day).slice(0, 7);
  return {
    tables: [
      {
        title: 'Equity and benchmark',
        pdf: false,
        columns: [
          { header: 'Date', format: 'date' },
          { header: 'Equity', format: 'money' },
          { header: `Benchmark (${r.benchmark})`, format: 'money' },
        ],
        rows: equity.map((p) => [p.date, p.equity, p.benchmark]),
      },
      {
        title: 'P&L per month',
        columns: [
          { header: 'Month', format: 'text' },
          { header: 'P&L', format: 'money' },
          { header: 'Return', format: 'percent' },
        ],
        rows: pnl.map((p) => [monthLabel(p.day), p.pnl, p.return]),
      },
      {
        title: 'Monthly returns',
        columns: [
          { header: 'Year', format: 'text' },
          ...MONTHS.map((header) => ({ header, format: 'percent' as const })),
          { header: 'Total', format: 'percent' },
        ],
        rows: (r.monthlyReturns ?? []).map((y) => [String(y.year), ...y.months, y.total]),
      },
    ],
    charts: [
      {
        kind: 'line',
        title: `Equity against the benchmark (${r.benchmark})`,
        labels: equity.map((p) => p.date),
        series: [
          { name: 'Equity', values: equity.map((p) => p.equity) },
          { name: r.benchmark, values: equity.map((p) => p.benchmark) },
        ],
      },
      {
        kind: 'bars',
        title: 'Monthly P&L',
        labels: pnl.map((p) => monthLabel(p.day)),
        values: pnl.map((p) => p.pnl),
      },
    ],
  };
}

export function risk(r: Report): Pick<ReportDocumentSection, 'tables' | 'note'> {
  const m = r.metrics!;
  const dd = m.maxDrawdown;
  return {
    note: m.reason,
    tables: [
      figures('Risk', [
        ['Volatility (annualised)', percent(m.volatility)],
        ['Sharpe ratio', num(m.sharpe)],
        ['Sortino ratio', num(m.sortino)],
        ['CAGR', percent(m.cagr)],
        ['Max drawdown', percent(dd?.depth ?? null)],
        ['Drawdown peak', dateOfTime(dd?.start ?? null)],
        ['Drawdown trough', dateOfTime(dd?.trough ?? null)],
        ['Drawdown recovery', dateOfTime(dd?.recovery ?? null)],
        ['Calmar ratio', num(m.calmar)],
        [`Beta (${r.benchmark})`, num(m.beta)],
        [`Correlation (${r.benchmark})`, num(m.correlation)],
        ['Historical VaR 95 %', percent(m.historical.var95)],
        ['Historical CVaR 95 %', percent(m.historical.cvar95)],
        ['Parametric VaR 95 %', percent(m.parametric.var95)],
        ['Parametric CVaR 95 %', percent(m.parametric.cvar95)],
      ]),
    ],
  };
}

export function realisedGains(r: Report): ReportTable[] {
  const g = r.realisedGains!;
  return [
    figures('Realised gains', [
      ['Short term', money(g.shortTerm)],
      ['Long term', money(g.longTerm)],
      ['Total', money(g.total)],
    ]),
    {
      title: 'Tax lots',
      columns: [
        { header: 'Symbol', format: 'text' },
        { header: 'Quantity', format: 'number' },
        { header: 'Acquired', format: 'date' },
        { header: 'Sold', format: 'date' },
        { header: 'Cost basis', format: 'money' },
        { header: 'Proceeds', format: 'money' },
        { header: 'Gain', format: 'money' },
        { header: 'Term', format: 'text' },
      ],
      rows: g.lots.map((lot) => [
        lot.symbol,
        lot.quantity,
        isoDate(easternDayNumber(lot.acquiredAt)),
        isoDate(easternDayNumber(lot.soldAt)),
        lot.costBasis,
        lot.proceeds,
        lot.gain,
        lot.term === 'LONG' ? 'Long term' : 'Short term',
      ]),
    },
  ];
}
