/**
 * A report as ONE multi-section CSV file (issue 15 point 6; the decision is documented in the README): every table
 * of the document is a block of a `# <Section>` line (`# <Section>: <table>` when the table is not the section
 * itself), its header row and its rows, blocks apart by a blank line. RFC 4180: CRLF line ends, a field holding a
 * comma, a quote, CR or LF is quoted with its quotes doubled. Formula injection: a text cell starting with = + - @
 * (or a tab or CR) is prefixed with ' so spreadsheets show it as text (src/domain/csvField.ts); numbers are written as numbers (dollars with
 * 2 decimals, percentages as percent with 4, other figures with up to 6), empty for none.
 */
import { csvField } from '../../../src/domain/csvField';
import type { Cell, CellFormat, ReportDocument } from './document';

function numberText(value: number, format: CellFormat): string {
  if (!Number.isFinite(value)) return '';
  switch (format) {
    case 'money':
      return value.toFixed(2);
    case 'percent':
      return String(Math.round(value * 100 * 10_000) / 10_000);
    case 'int':
      return String(Math.round(value));
    default:
      return String(Math.round(value * 1e6) / 1e6);
  }
}

function cellText(cell: Cell, format: CellFormat): string {
  if (cell === null) return '';
  if (typeof cell === 'string') return csvField(cell);
  if (typeof cell === 'number') return numberText(cell, format);
  return cell.value === null ? '' : numberText(cell.value, cell.format);
}

export function reportCsv(document: ReportDocument): string {
  const lines: string[] = [];
  for (const section of document.sections) {
    for (const table of section.tables) {
      if (lines.length > 0) lines.push('');
      const heading = table.title === section.title ? section.title : `${section.title}: ${table.title}`;
      lines.push(csvField(`# ${heading}`));
      lines.push(table.columns.map((c) => csvField(c.format === 'percent' ? `${c.header} (%)` : c.header)).join(','));
      for (const row of table.rows) {
        // A figure given as a percentage in a column that is not one says so in its label.
        const [label, value] = row;
        const marked =
          typeof label === 'string' && typeof value === 'object' && value?.format === 'percent'
            ? [`${label} (%)`, ...row.slice(1)]
            : row;
        lines.push(marked.map((cell, i) => cellText(cell, table.columns[i]!.format)).join(','));
      }
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}
