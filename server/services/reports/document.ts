/**
 * The custom report document (issue 15 point 6): the sections a definition asks for, gathered once and rendered as
 * PDF (./pdf.ts) or CSV (./csv.ts), so both files hold the same figures.
 *
 * - Figures come from performanceReport (summary, performance, risk, trades, strategies, realised gains; grouping
 *   MONTH: the P&L table and bars are monthly) and the positions from the user's broker (paper or live), as
 *   portfolioAnalysis reads them.
 * - Each section is tables (columns with a format for their numbers) and charts (the equity against the benchmark,
 *   the monthly P&L bars). A table marked `pdf: false` (the daily equity series) is in the CSV only: the PDF draws it.
 */
import { DAY_MS, HOUR_MS } from '../../../src/domain/market/calendar';
import type { Instrument } from '../../../src/domain/market/universe';
import type { Portfolio } from '../../../src/domain/trading/account';
import { isoDate } from '../analytics/dailyEquity';
import type { PerformanceReportInput, PerformanceReportResult } from '../analytics/performanceReport';
import { checkDefinition, SECTION_PARTS, type ReportDefinitionInput, type ReportSectionName } from './definition';

export type CellFormat = 'text' | 'money' | 'percent' | 'number' | 'int' | 'date';
export type Cell = string | number | null | { value: number | null; format: CellFormat };

export interface ReportTable {
  title: string;
  columns: { header: string; format: CellFormat }[];
  rows: Cell[][];
  /** false: in the CSV only (a long series the PDF draws as a chart). */
  pdf?: boolean;
}

export type ReportChart =
  | { kind: 'line'; title: string; labels: string[]; series: { name: string; values: (number | null)[] }[] }
  | { kind: 'bars'; title: string; labels: string[]; values: number[] };

export interface ReportDocumentSection {
  name: ReportSectionName;
  title: string;
  note: string | null;
  tables: ReportTable[];
  charts: ReportChart[];
}

export interface ReportDocument {
  title: string;
  start: string;
  end: string;
  benchmark: string;
  generatedAt: string;
  sections: ReportDocumentSection[];
}

export const SECTION_TITLES: Record<ReportSectionName, string> = {
  SUMMARY: 'Summary',
  POSITIONS: 'Positions',
  TRADES: 'Trades',
  PERFORMANCE: 'Performance',
  RISK: 'Risk',
  STRATEGIES: 'Strategies',
  REALISED_GAINS: 'Realised gains',
};

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

type Report = PerformanceReportResult;

function summary(r: Report): Pick<ReportDocumentSection, 'tables' | 'note'> {
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

function positions(p: Portfolio): ReportTable {
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

const keyPnl = (
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

function trades(r: Report): ReportTable[] {
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

function performance(r: Report): Pick<ReportDocumentSection, 'tables' | 'charts'> {
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
        title: 'P&L per month',
        labels: pnl.map((p) => monthLabel(p.day)),
        values: pnl.map((p) => p.pnl),
      },
    ],
  };
}

function risk(r: Report): Pick<ReportDocumentSection, 'tables' | 'note'> {
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

function realisedGains(r: Report): ReportTable[] {
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
        new Date(lot.acquiredAt).toISOString().slice(0, 10),
        new Date(lot.soldAt).toISOString().slice(0, 10),
        lot.costBasis,
        lot.proceeds,
        lot.gain,
        lot.term === 'LONG' ? 'Long term' : 'Short term',
      ]),
    },
  ];
}

/** The sections of `report` (and `portfolio` for POSITIONS) in the definition's order. */
export function reportDocument(
  sections: readonly ReportSectionName[],
  report: Report,
  portfolio: Portfolio | null,
  generatedAt: Date,
  title = 'Performance report',
): ReportDocument {
  const section = (name: ReportSectionName): ReportDocumentSection => {
    const base = { name, title: SECTION_TITLES[name], note: null, tables: [], charts: [] };
    switch (name) {
      case 'SUMMARY':
        return { ...base, ...summary(report) };
      case 'POSITIONS':
        return { ...base, tables: [positions(portfolio!)] };
      case 'TRADES':
        return { ...base, tables: trades(report) };
      case 'PERFORMANCE':
        return { ...base, ...performance(report) };
      case 'RISK':
        return { ...base, ...risk(report) };
      case 'STRATEGIES':
        return { ...base, tables: [keyPnl('P&L by strategy', 'Strategy', report.strategies ?? [])] };
      case 'REALISED_GAINS':
        return { ...base, tables: realisedGains(report) };
    }
  };
  return {
    title,
    start: report.start,
    end: report.end,
    benchmark: report.benchmark,
    generatedAt: generatedAt.toISOString(),
    sections: sections.map(section),
  };
}

export interface ReportBuilderDeps {
  instruments: () => Promise<ReadonlyMap<string, Instrument>>;
  performanceReport: (userId: string, input: PerformanceReportInput) => Promise<Report>;
  portfolio: (userId: string) => Promise<Portfolio>;
  now: () => Date;
}

/** Checks a definition (bad input names `definition.<field>`) and gathers its document for the user. */
export function createReportBuilder(deps: ReportBuilderDeps) {
  return async function buildReport(userId: string, input: ReportDefinitionInput, title?: string) {
    const now = deps.now();
    const { definition, sections } = checkDefinition(input, await deps.instruments(), now);
    const parts = [...new Set(sections.flatMap((name) => SECTION_PARTS[name]))];
    const [report, portfolio] = await Promise.all([
      deps.performanceReport(userId, {
        preset: definition.preset as PerformanceReportInput['preset'],
        start: definition.start,
        end: definition.end,
        benchmark: definition.benchmark,
        grouping: 'MONTH',
        sections: parts,
      }),
      sections.includes('POSITIONS') ? deps.portfolio(userId) : Promise.resolve(null),
    ]);
    return reportDocument(sections, report, portfolio, now, title);
  };
}
