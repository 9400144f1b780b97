import { describe, expect, it } from 'vitest';
import { reportCsv } from './csv';
import type { ReportDocument } from './document';

describe('reportCsv', () => {
  it('writes each table as a "# Section" line, a header row and its rows, blocks apart by a blank line', () => {
    const document: ReportDocument = {
      title: 'Performance report',
      start: '2026-01-01',
      end: '2026-06-30',
      benchmark: 'INDEX',
      generatedAt: '2026-07-01T00:00:00.000Z',
      sections: [
        {
          name: 'SUMMARY',
          title: 'Summary',
          note: null,
          charts: [],
          tables: [
            {
              title: 'Summary',
              columns: [
                { header: 'Figure', format: 'text' },
                { header: 'Value', format: 'number' },
              ],
              rows: [
                ['P&L', { value: -1234.5, format: 'money' }],
                ['Time-weighted return', { value: 0.123456, format: 'percent' }],
                ['Money-weighted return', { value: null, format: 'percent' }],
              ],
            },
          ],
        },
        {
          name: 'STRATEGIES',
          title: 'Strategies',
          note: null,
          charts: [],
          tables: [
            {
              title: 'P&L by strategy',
              columns: [
                { header: 'Strategy', format: 'text' },
                { header: 'Trades', format: 'int' },
                { header: 'Return', format: 'percent' },
              ],
              rows: [['=cmd, "evil"', 3, -0.05]],
            },
          ],
        },
      ],
    };
    expect(reportCsv(document)).toBe(
      [
        '# Summary',
        'Figure,Value',
        'P&L,-1234.50',
        'Time-weighted return (%),12.3456',
        'Money-weighted return (%),',
        '',
        '# Strategies: P&L by strategy',
        'Strategy,Trades,Return (%)',
        `"'=cmd, ""evil""",3,-5`,
        '',
      ].join('\r\n'),
    );
  });
});
