/**
 * A report as a PDF (issue 15 point 6), drawn with pdfkit: US Letter, the standard Helvetica fonts; on every page the
 * title, the period and the generation time at the top and "Page n of N" at the bottom (drawn once every page
 * exists, pdfkit buffering them); per section its note, its charts (vector lines and bars) and its tables (header
 * row repeated on each new page). Numbers: dollars as $1,234.56, percentages as 12.34 %, "-" for none.
 */
import type { Cell, CellFormat, ReportChart, ReportDocument, ReportTable } from './document';

const MARGIN = 50;
const TOP = 78;
const BOTTOM = 56;
const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const INK = '#1a202c';
const MUTED = '#718096';
const LINES = '#cbd5e0';
const COLOURS = ['#2b6cb0', '#dd6b20'];

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const plain = new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 });

export function formatCell(cell: Cell, format: CellFormat): string {
  if (cell === null) return '-';
  if (typeof cell === 'string') return cell;
  const [value, as] = typeof cell === 'number' ? [cell, format] : [cell.value, cell.format];
  if (value === null || !Number.isFinite(value)) return '-';
  switch (as) {
    case 'money':
      return dollars.format(value);
    case 'percent':
      return `${(value * 100).toFixed(2)} %`;
    case 'int':
      return String(Math.round(value));
    default:
      return plain.format(value);
  }
}

type Doc = PDFKit.PDFDocument;

const width = (doc: Doc) => doc.page.width - 2 * MARGIN;
const bottom = (doc: Doc) => doc.page.height - BOTTOM;

/** Starts a new page unless `height` fits below the cursor. */
function room(doc: Doc, height: number) {
  if (doc.y + height > bottom(doc)) doc.addPage();
}

/** A heading kept on one page with the `keep` points that follow it. */
function heading(doc: Doc, text: string, size: number, keep = 0) {
  room(doc, size * 3 + keep);
  doc
    .moveDown(0.6)
    .font(BOLD)
    .fontSize(size)
    .fillColor(INK)
    .text(text, MARGIN, doc.y, { width: width(doc) });
  doc.moveDown(0.3);
}

function table(doc: Doc, t: ReportTable, sectionTitle: string) {
  const count = t.columns.length;
  const size = count > 8 ? 7 : 9;
  if (t.title !== sectionTitle) heading(doc, t.title, 11, (size + 7) * 3);
  const first = count > 8 ? 40 : count > 4 ? 64 : Math.min(170, width(doc) / count + 40);
  const rest = (width(doc) - first) / Math.max(1, count - 1);
  const columnX = (i: number) => MARGIN + (i === 0 ? 0 : first + (i - 1) * rest);
  const columnWidth = (i: number) => (i === 0 ? first : rest) - 4;
  const rowHeight = size + 7;
  const row = (cells: string[], bold: boolean) => {
    if (doc.y + rowHeight > bottom(doc)) {
      doc.addPage();
      if (!bold)
        row(
          t.columns.map((c) => c.header),
          true,
        );
    }
    const y = doc.y;
    if (bold) doc.rect(MARGIN, y, width(doc), rowHeight).fill('#edf2f7');
    doc
      .font(bold ? BOLD : FONT)
      .fontSize(size)
      .fillColor(INK);
    cells.forEach((text, i) =>
      doc.text(text, columnX(i) + 2, y + 3.5, {
        width: columnWidth(i),
        align: i === 0 || t.columns[i]!.format === 'text' ? 'left' : 'right',
        height: size + 2,
        lineBreak: false,
        ellipsis: true,
      }),
    );
    doc
      .moveTo(MARGIN, y + rowHeight)
      .lineTo(MARGIN + width(doc), y + rowHeight)
      .lineWidth(0.5)
      .strokeColor(LINES)
      .stroke();
    doc.x = MARGIN;
    doc.y = y + rowHeight;
  };
  room(doc, rowHeight * 2);
  row(
    t.columns.map((c) => c.header),
    true,
  );
  if (t.rows.length === 0) {
    doc
      .font(FONT)
      .fontSize(size)
      .fillColor(MUTED)
      .text('None in the period', MARGIN + 2, doc.y + 3.5);
    doc.x = MARGIN;
    doc.moveDown(0.3);
  }
  for (const cells of t.rows)
    row(
      cells.map((cell, i) => formatCell(cell, t.columns[i]!.format)),
      false,
    );
}

const CHART_HEIGHT = 170;

function chart(doc: Doc, c: ReportChart) {
  heading(doc, c.title, 11, CHART_HEIGHT + 30);
  const values = c.kind === 'line' ? c.series.flatMap((s) => s.values) : [0, ...c.values];
  const known = values.filter((v): v is number => v !== null && Number.isFinite(v));
  if (c.labels.length < (c.kind === 'line' ? 2 : 1) || known.length === 0) {
    doc.font(FONT).fontSize(9).fillColor(MUTED).text('Not enough recorded days in the period to draw this chart.');
    return;
  }
  room(doc, CHART_HEIGHT + 30);
  const left = MARGIN + 60;
  const right = MARGIN + width(doc);
  const top = doc.y + 4;
  const base = top + CHART_HEIGHT;
  let [min, max] = [Math.min(...known), Math.max(...known)];
  if (min === max) [min, max] = [min - 1, max + 1];
  const yOf = (v: number) => base - ((v - min) / (max - min)) * CHART_HEIGHT;
  // Axes, three value ticks and the first and last labels.
  doc.lineWidth(0.5).strokeColor(LINES).moveTo(left, top).lineTo(left, base).lineTo(right, base).stroke();
  doc.font(FONT).fontSize(7).fillColor(MUTED);
  for (const v of [min, (min + max) / 2, max]) {
    doc.text(formatCell(v, 'money'), MARGIN, yOf(v) - 3, { width: 56, align: 'right', lineBreak: false });
    doc.moveTo(left, yOf(v)).lineTo(right, yOf(v)).dash(2, { space: 2 }).stroke().undash();
  }
  doc.text(c.labels[0]!, left, base + 4, { lineBreak: false });
  doc.text(c.labels[c.labels.length - 1]!, right - 60, base + 4, { width: 60, align: 'right', lineBreak: false });
  const n = c.labels.length;
  if (c.kind === 'line') {
    const xOf = (i: number) => left + (i / (n - 1)) * (right - left);
    c.series.forEach((series, s) => {
      let drawing = false;
      series.values.forEach((v, i) => {
        if (v === null || !Number.isFinite(v)) return void (drawing = false);
        if (drawing) doc.lineTo(xOf(i), yOf(v));
        else doc.moveTo(xOf(i), yOf(v));
        drawing = true;
      });
      doc
        .lineWidth(1.2)
        .strokeColor(COLOURS[s % COLOURS.length]!)
        .stroke();
      doc
        .rect(left + 10 + s * 110, base + 16, 8, 8)
        .fill(COLOURS[s % COLOURS.length]!)
        .fillColor(INK)
        .fontSize(8)
        .text(series.name, left + 22 + s * 110, base + 16, { lineBreak: false });
    });
  } else {
    const slot = (right - left) / n;
    const zero = yOf(Math.min(max, Math.max(min, 0)));
    c.values.forEach((v, i) => {
      const y = yOf(v);
      doc
        .rect(left + i * slot + slot * 0.15, Math.min(y, zero), slot * 0.7, Math.max(0.5, Math.abs(zero - y)))
        .fill(v >= 0 ? '#38a169' : '#e53e3e');
    });
  }
  doc.x = MARGIN;
  doc.y = base + 32;
}

/** Title, period and generation time at the top of every page; "Page n of N" at the bottom. */
function frame(doc: Doc, report: ReportDocument) {
  const { start, count } = doc.bufferedPageRange();
  const generated = `Generated ${report.generatedAt.slice(0, 16).replace('T', ' ')} UTC`;
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const margins = doc.page.margins;
    doc.page.margins = { top: 0, bottom: 0, left: 0, right: 0 };
    doc.font(BOLD).fontSize(12).fillColor(INK).text(report.title, MARGIN, 28, { lineBreak: false });
    doc
      .font(FONT)
      .fontSize(8)
      .fillColor(MUTED)
      .text(`Period ${report.start} to ${report.end}`, MARGIN, 30, {
        width: width(doc),
        align: 'right',
        lineBreak: false,
      })
      .text(generated, MARGIN, 41, { width: width(doc), align: 'right', lineBreak: false });
    doc
      .moveTo(MARGIN, 56)
      .lineTo(MARGIN + width(doc), 56)
      .lineWidth(0.5)
      .strokeColor(LINES)
      .stroke();
    doc.text(`Page ${i - start + 1} of ${count}`, MARGIN, doc.page.height - 36, {
      width: width(doc),
      align: 'center',
      lineBreak: false,
    });
    doc.page.margins = margins;
  }
}

/**
 * The document as a PDF file. pdfkit (and its font libraries) is loaded on the first export, not at server start:
 * the server bundle keeps it external, so a static import would load it before anything else (~0.2 s of CPU).
 */
export async function reportPdf(report: ReportDocument): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: TOP, bottom: BOTTOM, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: { Title: `${report.title} ${report.start} to ${report.end}`, Creator: 'Paper Trader' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font(FONT).fontSize(9).fillColor(MUTED).text(`Benchmark: ${report.benchmark}`, MARGIN, TOP);
  for (const section of report.sections) {
    // Kept on a page with its first block: a chart's height when it opens with one, else a table's first rows.
    heading(doc, section.title, 15, section.charts.length > 0 ? CHART_HEIGHT + 30 + 11 * 3 : 80);
    if (section.note) doc.font(FONT).fontSize(9).fillColor(MUTED).text(section.note).moveDown(0.3);
    for (const c of section.charts) chart(doc, c);
    for (const t of section.tables) if (t.pdf !== false) table(doc, t, section.title);
  }
  frame(doc, report);
  doc.end();
  return done;
}
