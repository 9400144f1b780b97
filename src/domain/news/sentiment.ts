/**
 * Finance-aware lexicon sentiment of a news text, in [-1, 1] (spec §3 News.sentiment; issue 16 point 1).
 *
 * Rules:
 * - The text is lower-cased and split into word tokens (letters, digits, apostrophes, hyphens).
 * - Each token found in POSITIVE_WORDS or NEGATIVE_WORDS scores its weight (positive or negative; 1 for a
 *   plain word, 2 for a strong one such as "soars" or "plunges"). Phrases (two words, PHRASES) are matched first
 *   and their words are not scored again.
 * - Negation: a scored word within NEGATION_WINDOW tokens after "not", "no", "never", "without", "n't" words
 *   ("isn't", "doesn't", …) has its sign flipped and is halved ("not strong" is mildly negative).
 * - Intensifiers: "sharply", "significantly", … directly before (or after) a scored word multiply it by 1.5;
 *   dampeners ("slightly", "modestly") by 0.5.
 * - The raw sum s is squashed to s / sqrt(s² + ALPHA) (VADER's normalisation), so one strong word gives
 *   about ±0.6 and the result stays inside (-1, 1); a text with no scored word is 0.
 * The word lists are finance-specific: "beat", "upgrade", "outperform" are positive; "miss", "downgrade",
 * "lawsuit", "recall" negative; generic words that mean something else in finance ("liability", "share")
 * are left out.
 */

export const NEGATION_WINDOW = 3;
const ALPHA = 4;
const INTENSIFY = 1.5;
const DAMPEN = 0.5;

const positive = (words: string, weight: number): [string, number][] => words.split(' ').map((w) => [w, weight]);
const negative = (words: string, weight: number): [string, number][] => words.split(' ').map((w) => [w, -weight]);

/** Single words and their weights (positive good for the holder, negative bad). */
export const LEXICON: ReadonlyMap<string, number> = new Map([
  ...positive(
    'beat beats gain gains gained rise rises rose rising higher climb climbs climbed advance advances advanced ' +
      'rally rallies rallied rebound rebounds rebounded recover recovers recovered growth grow grows grew strong ' +
      'stronger strength profit profits profitable upgrade upgrades upgraded outperform outperforms buy bullish ' +
      'record boost boosts boosted raise raises raised expand expands expansion exceed exceeds exceeded tops ' +
      'topped positive optimism optimistic improve improves improved improvement win wins won approval approves ' +
      'approved dividend buyback launch launches partnership robust solid upbeat beating surpass surpasses',
    1,
  ),
  ...positive('soar soars soared surge surges surged jump jumps jumped skyrocket skyrockets breakthrough blowout', 2),
  ...negative(
    'miss misses missed fall falls fell falling drop drops dropped decline declines declined lower slip slips ' +
      'slipped lose loses lost loss losses weak weaker weakness downgrade downgrades downgraded underperform sell ' +
      'bearish cut cuts lawsuit sue sues sued probe investigation fined recall recalls warning warns warned ' +
      'concern concerns risk risks fear fears slowdown slump slumps slumped layoffs layoff delay delays delayed ' +
      'negative pessimistic volatile volatility debt default shortfall disappoint disappoints disappointing ' +
      'disappointed halt halts halted fraud scandal bankruptcy downturn pressure struggle struggles',
    1,
  ),
  ...negative(
    'plunge plunges plunged crash crashes crashed tumble tumbles tumbled tank tanks tanked collapse collapses collapsed plummet plummets plummeted sink sinks sank',
    2,
  ),
]);

/** Two-word phrases scored as one (their words are then not scored alone). */
export const PHRASES: ReadonlyMap<string, number> = new Map([
  ['price target', 0],
  ['all-time high', 2],
  ['record high', 2],
  ['52-week high', 1.5],
  ['52-week low', -1.5],
  ['profit warning', -2],
  ['guidance cut', -2],
  ['raises guidance', 2],
  ['cuts guidance', -2],
  ['better than', 1],
  ['worse than', -1],
  ['short seller', -1],
  ['beats estimates', 2],
  ['misses estimates', -2],
]);

export const NEGATIONS: ReadonlySet<string> = new Set(['not', 'no', 'never', 'without', 'nor', 'neither', 'hardly']);
export const INTENSIFIERS: ReadonlySet<string> = new Set([
  'sharply',
  'significantly',
  'strongly',
  'very',
  'substantially',
  'dramatically',
  'massively',
  'hugely',
  'steeply',
  'extremely',
  'deeply',
  'heavily',
]);
export const DAMPENERS: ReadonlySet<string> = new Set(['slightly', 'modestly', 'marginally', 'somewhat', 'mildly']);

export function tokenize(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9][a-z0-9'’-]*/g) ?? [];
}

function isNegation(token: string): boolean {
  return NEGATIONS.has(token) || token.endsWith("n't") || token.endsWith('n’t');
}

/** Sentiment of `text` in [-1, 1]; 0 when no word of the lexicon occurs. */
export function scoreSentiment(text: string): number {
  const tokens = tokenize(text);
  let sum = 0;
  let lastNegation = -Infinity;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (isNegation(token)) {
      lastNegation = i;
      continue;
    }
    const phrase = i + 1 < tokens.length ? PHRASES.get(`${token} ${tokens[i + 1]}`) : undefined;
    let weight = phrase ?? LEXICON.get(token);
    if (weight === undefined || weight === 0) {
      if (phrase !== undefined) i++;
      continue;
    }
    const end = phrase !== undefined ? i + 1 : i;
    const before = tokens[i - 1];
    const after = tokens[end + 1];
    if ((before && INTENSIFIERS.has(before)) || (after && INTENSIFIERS.has(after))) weight *= INTENSIFY;
    else if ((before && DAMPENERS.has(before)) || (after && DAMPENERS.has(after))) weight *= DAMPEN;
    if (i - lastNegation <= NEGATION_WINDOW) weight *= -0.5;
    sum += weight;
    i = end;
  }
  if (sum === 0) return 0;
  const score = sum / Math.sqrt(sum * sum + ALPHA);
  return Math.round(score * 1000) / 1000;
}

/** Sentiment of a news item: the headline counts twice as much as the summary. */
export function newsSentiment(headline: string, summary: string): number {
  const h = scoreSentiment(headline);
  const s = scoreSentiment(summary);
  if (s === 0) return h;
  if (h === 0) return s;
  return Math.round(((2 * h + s) / 3) * 1000) / 1000;
}
