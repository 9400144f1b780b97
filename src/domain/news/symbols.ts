/**
 * Which symbols of the universe a news text is about, and how relevant it is to each (spec §3
 * News.symbols, relevanceScore; issue 16 point 1).
 *
 * Rules:
 * - A ticker matches as a whole word in upper case as written ("AAPL", "$AAPL", "(NASDAQ: AAPL)"), never in
 *   lower case. Tickers that are also common words or abbreviations (AMBIGUOUS_TICKERS: "A", "IT", "ON", "ALL",
 *   "ARE", "NOW", "KEY", …, and every one-letter ticker) only match with a "$" prefix or an exchange prefix
 *   ("NYSE: T").
 * - A company name matches as whole words, case-insensitively, by its short name: the name without legal
 *   suffixes ("Inc.", "Corporation", "Co.", …), a leading "The" and parenthesised parts ("Alphabet Inc. (Class A)"
 *   → "Alphabet", "The Boeing Company" → "Boeing").
 * - relevanceScore in [0, 1]: a mention in the headline weighs 0.6, in the summary 0.3; a ticker mention adds
 *   0.1 over a name mention; repeated mentions add 0.05 each up to the cap. Symbols are ordered by relevance.
 */

export interface NamedSymbol {
  symbol: string;
  name: string;
}

export interface SymbolMatch {
  symbol: string;
  relevanceScore: number;
}

export const AMBIGUOUS_TICKERS: ReadonlySet<string> = new Set([
  'IT',
  'ON',
  'ALL',
  'ARE',
  'NOW',
  'KEY',
  'BIG',
  'CAN',
  'BE',
  'SO',
  'GO',
  'DO',
  'AN',
  'AS',
  'AT',
  'BY',
  'OR',
  'ONE',
  'USA',
  'CEO',
  'CFO',
  'AI',
  'EV',
  'IPO',
  'ETF',
  'GDP',
  'CPI',
  'FED',
  'SEC',
  'NEW',
  'OUT',
  'HAS',
  'LOW',
  'HIGH',
  'TECH',
  'CASH',
  'LIFE',
  'FAST',
  'TRUE',
  'PLAY',
  'REAL',
  'SAVE',
  'WELL',
  'FUN',
  'RUN',
  'CAR',
  'EAT',
  'MAN',
  'TV',
]);

const LEGAL_SUFFIX =
  /[,.]?\s+(inc|incorporated|corp|corporation|co|company|ltd|limited|plc|holdings|group|n\.v|s\.a|ag|se|llc|l\.p|& co)\.?$/i;

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The name a text would use: "Apple Inc." → "Apple", "Alphabet Inc. (Class A)" → "Alphabet". */
export function shortName(name: string): string {
  let short = name
    .replace(/\s*\([^)]*\)\s*/g, ' ')
    .trim()
    .replace(/^the\s+/i, '');
  for (let previous = ''; previous !== short;) {
    previous = short;
    short = short.replace(LEGAL_SUFFIX, '').trim();
  }
  return short.replace(/,$/, '');
}

interface Matcher {
  symbol: string;
  ticker: RegExp;
  name: RegExp | undefined;
}

const matcherCache = new WeakMap<readonly NamedSymbol[], Matcher[]>();

function matchers(universe: readonly NamedSymbol[]): Matcher[] {
  const cached = matcherCache.get(universe);
  if (cached) return cached;
  const built = universe.map(({ symbol, name }) => {
    const t = escape(symbol);
    const ambiguous = symbol.length === 1 || AMBIGUOUS_TICKERS.has(symbol);
    const ticker = ambiguous
      ? new RegExp(`(?:\\$${t}|(?:NYSE|NASDAQ|Nasdaq|NYSEARCA|AMEX):\\s*${t})(?![A-Za-z0-9])`, 'g')
      : new RegExp(`(?<![A-Za-z0-9.])\\$?${t}(?![A-Za-z0-9]|\\.[A-Za-z])`, 'g');
    const short = shortName(name);
    const nameRe = short.length >= 3 ? new RegExp(`(?<![\\w])${escape(short)}(?![\\w])`, 'gi') : undefined;
    return { symbol, ticker, name: nameRe };
  });
  matcherCache.set(universe, built);
  return built;
}

function count(re: RegExp | undefined, text: string): number {
  if (!re) return 0;
  re.lastIndex = 0;
  return text.match(re)?.length ?? 0;
}

/** The universe's symbols mentioned in `headline` or `summary`, most relevant first. */
export function matchSymbols(universe: readonly NamedSymbol[], headline: string, summary: string): SymbolMatch[] {
  const found: SymbolMatch[] = [];
  for (const m of matchers(universe)) {
    const headTicker = count(m.ticker, headline);
    const headName = count(m.name, headline);
    const sumTicker = count(m.ticker, summary);
    const sumName = count(m.name, summary);
    const mentions = headTicker + headName + sumTicker + sumName;
    if (mentions === 0) continue;
    let score = headTicker + headName > 0 ? 0.6 : 0.3;
    if (headTicker + sumTicker > 0) score += 0.1;
    score += 0.05 * (mentions - 1);
    found.push({ symbol: m.symbol, relevanceScore: Math.round(Math.min(1, score) * 100) / 100 });
  }
  return found.sort((a, b) => b.relevanceScore - a.relevanceScore || a.symbol.localeCompare(b.symbol));
}
