import type { NewsView } from './ports';
import { round } from './format';

/** Headlines the rule-based assistant adds when a message asks about a symbol. */
export const ASSISTANT_HEADLINES = 3;
/** A story scoring at least this (or at most its negative) reads positive (negative); otherwise neutral. */
const TONE_FROM = 0.15;

function tone(sentiment: number): string {
  return sentiment >= TONE_FROM ? 'positive' : sentiment <= -TONE_FROM ? 'negative' : 'neutral';
}

/** The latest headlines about `symbol` with their sentiment, as markdown lines (none: no lines). */
export function newsLines(symbol: string, news: readonly NewsView[]): string[] {
  if (news.length === 0) return [];
  return [
    '',
    `**Latest news on ${symbol}**`,
    '',
    ...news.map(
      (item) =>
        `- ${item.headline} — ${item.source}, ${item.publishedAt.slice(0, 10)} (sentiment ${item.sentiment > 0 ? '+' : ''}${round(item.sentiment)}, ${tone(item.sentiment)})`,
    ),
  ];
}
