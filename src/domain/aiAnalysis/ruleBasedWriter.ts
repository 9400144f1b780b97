import { createCitations, type AnalysisSource, type SourceFact } from './sources';

/**
 * The rule-based writer of an AI analysis (used when no language model is configured): markdown (bold lines as
 * headings, which the app's chat markdown shows) in five short sections — quote, technical picture, scanner hits, news sentiment, the user's position — and a closing line.
 *
 * Rules:
 * - Every figure is written as the `value` of a source and cited right after it (./sources.ts), so every number in
 *   the text is traceable; the closing line adds no number.
 * - News: the mean sentiment of the recent stories with their count; ≥ NEWS_POSITIVE_FROM is positive, ≤ −that
 *   negative, otherwise mixed; the HEADLINES newest headlines are listed with their own scores.
 * - Position: quantity, average cost, unrealised P&L (dollars and percent) and the weight of the user's equity;
 *   none when the user holds no shares.
 * - The closing line weighs three votes: the technical recommendation (BUY/STRONG_BUY +1, SELL/STRONG_SELL −1),
 *   the news tone (positive +1, negative −1) and the scanner's bullish minus bearish hits (sign only).
 */

export const NEWS_POSITIVE_FROM = 0.1;
export const HEADLINES = 3;

export interface AnalysisInputs {
  symbol: string;
  name: string;
  quote: { price: number; changePercent: number; asOf: string };
  technical: {
    asOf: string;
    trend: string;
    recommendation: string;
    rsi: number | null;
    macdHistogram: number | null;
    sma20: number | null;
    sma50: number | null;
    support: number | null;
    resistance: number | null;
  } | null;
  /** The scans matching the symbol now. */
  scans: { label: string; criterion: string; bullish: boolean | null; asOf: string }[];
  news: { id: string; headline: string; sentiment: number; url: string | null; publishedAt: string }[];
  position: {
    quantity: number;
    averageCost: number;
    unrealizedPnL: number;
    unrealizedPnLPercent: number;
    /** Percent of the account's total value. */
    weightPercent: number;
    asOf: string;
  } | null;
}

export interface WrittenAnalysis {
  text: string;
  sources: AnalysisSource[];
}

export const usd = (x: number) =>
  `${x < 0 ? '−' : ''}$${Math.abs(x).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
export const signed = (x: number, digits = 2) => `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(digits)}`;
const shares = (x: number) => x.toLocaleString('en-US', { maximumFractionDigits: 6 });

export function newsTone(mean: number): 'positive' | 'negative' | 'mixed' {
  return mean >= NEWS_POSITIVE_FROM ? 'positive' : mean <= -NEWS_POSITIVE_FROM ? 'negative' : 'mixed';
}

/** The facts the writer (and the language model's tools) cite, by section. */
export function analysisFacts(inputs: AnalysisInputs) {
  const { symbol, quote, technical, news, position } = inputs;
  const fact = (kind: SourceFact['kind'], label: string, value: string, asOf: string, url?: string | null) => ({
    kind,
    label,
    value,
    asOf,
    ...(url ? { url } : {}),
  });
  const technicalFacts: SourceFact[] = [];
  if (technical) {
    const t = technical;
    technicalFacts.push(fact('TECHNICAL', 'Trend and recommendation', `${t.trend}, ${t.recommendation}`, t.asOf));
    if (t.rsi !== null) technicalFacts.push(fact('TECHNICAL', 'RSI(14)', t.rsi.toFixed(1), t.asOf));
    if (t.macdHistogram !== null)
      technicalFacts.push(fact('TECHNICAL', 'MACD histogram', signed(t.macdHistogram, 3), t.asOf));
    if (t.sma20 !== null) technicalFacts.push(fact('TECHNICAL', 'SMA(20)', usd(t.sma20), t.asOf));
    if (t.sma50 !== null) technicalFacts.push(fact('TECHNICAL', 'SMA(50)', usd(t.sma50), t.asOf));
    if (t.support !== null) technicalFacts.push(fact('TECHNICAL', 'Support', usd(t.support), t.asOf));
    if (t.resistance !== null) technicalFacts.push(fact('TECHNICAL', 'Resistance', usd(t.resistance), t.asOf));
  }
  const mean = news.length > 0 ? news.reduce((sum, item) => sum + item.sentiment, 0) / news.length : 0;
  return {
    quote: fact(
      'QUOTE',
      `${symbol} last price and change today`,
      `${usd(quote.price)} (${signed(quote.changePercent)}%)`,
      quote.asOf,
    ),
    technical: technicalFacts,
    scans: inputs.scans.map((scan) => fact('SCANNER', scan.label, scan.criterion, scan.asOf)),
    newsMean:
      news.length > 0
        ? fact('NEWS', `Mean sentiment of ${news.length} recent stories`, signed(mean), news[0]!.publishedAt)
        : null,
    newsTone: newsTone(mean),
    headlines: news
      .slice(0, HEADLINES)
      .map((item) => fact('NEWS', item.headline, `sentiment ${signed(item.sentiment)}`, item.publishedAt, item.url)),
    position: position
      ? fact(
          'POSITION',
          `Your ${symbol} position`,
          `${shares(position.quantity)} shares at ${usd(position.averageCost)}, P&L ${usd(position.unrealizedPnL)} (${signed(position.unrealizedPnLPercent)}%), ${position.weightPercent.toFixed(1)}% of equity`,
          position.asOf,
        )
      : null,
  };
}

function closingLine(inputs: AnalysisInputs, tone: string): string {
  const rec = inputs.technical?.recommendation ?? 'HOLD';
  const technicalVote = rec.endsWith('BUY') ? 1 : rec.endsWith('SELL') ? -1 : 0;
  const newsVote = tone === 'positive' ? 1 : tone === 'negative' ? -1 : 0;
  const scanBalance = inputs.scans.reduce((sum, s) => sum + (s.bullish === null ? 0 : s.bullish ? 1 : -1), 0);
  const votes = technicalVote + newsVote + Math.sign(scanBalance);
  const lean = votes > 0 ? 'lean positive' : votes < 0 ? 'lean negative' : 'are mixed';
  return `**In short:** the technicals, the scanner and the news ${lean} for ${inputs.symbol}. This describes the data, not advice.`;
}

/** The analysis in markdown with its numbered sources. */
export function writeRuleBasedAnalysis(inputs: AnalysisInputs): WrittenAnalysis {
  const citations = createCitations();
  const say = (f: SourceFact) => `${f.value} ${citations.cite(f)}`;
  const facts = analysisFacts(inputs);
  const lines: string[] = [`**${inputs.symbol} · ${inputs.name}** trades at ${say(facts.quote)}.`, ''];

  lines.push('**Technical picture**', '');
  if (facts.technical.length === 0) lines.push('Not enough daily history for a technical analysis yet.');
  else lines.push(facts.technical.map((f) => `${f.label}: ${say(f)}.`).join(' '));

  lines.push('', '**Scanner**', '');
  if (facts.scans.length === 0) lines.push(`No scan matches ${inputs.symbol} right now.`);
  else lines.push(...facts.scans.map((f) => `- ${f.label}: ${say(f)}`));

  lines.push('', '**News**', '');
  if (!facts.newsMean) lines.push(`No recent stories about ${inputs.symbol}.`);
  else {
    lines.push(`${facts.newsMean.label}: ${say(facts.newsMean)} (${facts.newsTone}).`);
    lines.push(...facts.headlines.map((f) => `- ${f.label}: ${say(f)}`));
  }

  lines.push('', '**Your position**', '');
  lines.push(facts.position ? `${say(facts.position)}.` : `You hold no ${inputs.symbol} shares.`);

  lines.push('', closingLine(inputs, facts.newsTone));
  return { text: lines.join('\n'), sources: citations.list() };
}
