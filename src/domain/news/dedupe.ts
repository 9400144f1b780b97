/**
 * De-duplication of news across providers (issue 16 point 1): two items are the same story when their
 * urls are equal once normalised (scheme, "www.", trailing slash, fragment and utm_* parameters ignored) or
 * their headlines are near-identical (the Jaccard similarity of their word sets, lower case, punctuation
 * dropped, is at least HEADLINE_SIMILARITY) and they were published within SAME_STORY_MS of each other (a
 * headline repeated days later is a new story: "Stocks rally, S&P 500 gains 1.2%"). The first item of a story is kept (callers put the preferred
 * provider first), and it takes the union of the symbols of its duplicates.
 */

export const HEADLINE_SIMILARITY = 0.8;
export const SAME_STORY_MS = 48 * 3600_000;

export interface Deduplicable {
  url: string;
  headline: string;
  symbols: string[];
  /** Epoch ms. */
  publishedAt: number;
}

export function normalizeUrl(url: string): string {
  try {
    const u = new URL(url);
    for (const key of [...u.searchParams.keys()]) if (key.startsWith('utm_')) u.searchParams.delete(key);
    const query = u.searchParams.toString();
    const path = u.pathname.replace(/\/+$/, '');
    return `${u.hostname.replace(/^www\./, '').toLowerCase()}${path}${query ? `?${query}` : ''}`;
  } catch {
    return url.trim();
  }
}

function words(headline: string): Set<string> {
  return new Set(headline.toLowerCase().match(/[a-z0-9]+/g) ?? []);
}

function jaccard(wa: ReadonlySet<string>, wb: ReadonlySet<string>): number {
  if (wa.size === 0 || wb.size === 0) return 0;
  let shared = 0;
  for (const w of wa) if (wb.has(w)) shared++;
  return shared / (wa.size + wb.size - shared);
}

export function headlineSimilarity(a: string, b: string): number {
  return jaccard(words(a), words(b));
}

/**
 * The words of a headline's prefix for prefix filtering: with the words in one global order (alphabetical), two
 * sets of Jaccard similarity ≥ t share a word among the first |x| - ceil(t·|x|) + 1 of each, so only items
 * sharing a prefix word need comparing (near-linear instead of every pair).
 */
function prefix(set: ReadonlySet<string>): string[] {
  const sorted = [...set].sort();
  return sorted.slice(0, sorted.length - Math.ceil(HEADLINE_SIMILARITY * sorted.length) + 1);
}

/** `items` without later duplicates, in order; a kept item's symbols gain its duplicates' symbols. */
export function dedupeNews<T extends Deduplicable>(items: readonly T[]): T[] {
  const kept: { item: T; words: Set<string> }[] = [];
  const urls = new Map<string, T>();
  const byPrefixWord = new Map<string, number[]>();
  for (const item of items) {
    const key = normalizeUrl(item.url);
    const set = words(item.headline);
    const head = prefix(set);
    let same = urls.get(key);
    if (!same) {
      const candidates = new Set(head.flatMap((w) => byPrefixWord.get(w) ?? []));
      for (const index of [...candidates].sort((a, b) => a - b)) {
        const k = kept[index]!;
        if (
          Math.abs(k.item.publishedAt - item.publishedAt) <= SAME_STORY_MS &&
          jaccard(k.words, set) >= HEADLINE_SIMILARITY
        ) {
          same = k.item;
          break;
        }
      }
    }
    if (same) {
      for (const s of item.symbols) if (!same.symbols.includes(s)) same.symbols.push(s);
      continue;
    }
    const copy = { ...item, symbols: [...item.symbols] };
    for (const w of head) {
      const list = byPrefixWord.get(w);
      if (list) list.push(kept.length);
      else byPrefixWord.set(w, [kept.length]);
    }
    kept.push({ item: copy, words: set });
    urls.set(key, copy);
  }
  return kept.map((k) => k.item);
}
