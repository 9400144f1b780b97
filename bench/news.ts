/**
 * News ingestion (issue 16 point 9): 10,000 RSS-shaped items through what the news service does to each (the
 * lexicon sentiment of headline and summary, symbol matching against the universe with relevance, then
 * de-duplication of the whole batch), in items per second, against a baseline measured in the same run: only
 * tokenising the same texts (lower-case word split), the least any scorer must do.
 *
 * Run alone: `npx tsx bench/news.ts`.
 */
import { pathToFileURL } from 'node:url';
import { UNIVERSE } from '../src/domain/market/universe';
import { dedupeNews } from '../src/domain/news/dedupe';
import { LABELLED_HEADLINES } from '../src/domain/news/labelledHeadlines';
import { newsSentiment, tokenize } from '../src/domain/news/sentiment';
import { matchSymbols } from '../src/domain/news/symbols';

export interface NewsBench {
  items: number;
  itemsPerSec: number;
  baselineItemsPerSec: number;
  /** baseline / ingestion: how many times the bare tokenising is faster. */
  ratio: number;
}

function items(count: number) {
  return Array.from({ length: count }, (_, i) => {
    const [headline] = LABELLED_HEADLINES[i % LABELLED_HEADLINES.length]!;
    return {
      headline: `${headline} (${i})`,
      summary: `Shares of ${UNIVERSE[i % UNIVERSE.length]!.symbol} moved as traders weighed the news; analysts were ${i % 2 ? 'bullish' : 'cautious'}.`,
      url: `https://news.example.com/${i}`,
      publishedAt: 1_700_000_000_000 + i * 60_000,
    };
  });
}

function perSecond(count: number, run: () => void): number {
  run(); // warm-up
  const start = performance.now();
  let reps = 0;
  while (reps < 3 || performance.now() - start < 500) {
    run();
    reps++;
  }
  return (reps * count * 1000) / (performance.now() - start);
}

export function benchNews(count = 10_000): NewsBench {
  const batch = items(count);
  let sink = 0;
  const itemsPerSec = perSecond(count, () => {
    const enriched = batch.map((item) => ({
      ...item,
      sentiment: newsSentiment(item.headline, item.summary),
      symbols: matchSymbols(UNIVERSE, item.headline, item.summary).map((m) => m.symbol),
    }));
    sink += dedupeNews(enriched).length;
  });
  const baselineItemsPerSec = perSecond(count, () => {
    for (const item of batch) sink += tokenize(item.headline).length + tokenize(item.summary).length;
  });
  if (sink < 0) console.log(sink);
  return { items: count, itemsPerSec, baselineItemsPerSec, ratio: baselineItemsPerSec / itemsPerSec };
}

export function formatNewsBench(result: NewsBench): string {
  const f = (n: number) => Math.round(n).toLocaleString('en-US');
  return [
    `  ingestion (sentiment + symbols + de-duplication): ${f(result.itemsPerSec)} items/s`,
    `  tokenising only (baseline):                       ${f(result.baselineItemsPerSec)} items/s`,
    `  baseline / ingestion: ${result.ratio.toFixed(1)}×`,
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(`News ingestion of 10,000 items (vs tokenising only):\n${formatNewsBench(benchNews())}`);
}
