/** How a sentiment score in [-1, 1] is shown: a word and a colour palette (±0.15 around 0 is neutral). */
export function sentimentBadge(sentiment: number): { label: string; palette: 'green' | 'red' | 'gray' } {
  if (sentiment >= 0.15) return { label: 'Positive', palette: 'green' };
  if (sentiment <= -0.15) return { label: 'Negative', palette: 'red' };
  return { label: 'Neutral', palette: 'gray' };
}

/** A story's link when its url is a web page (http or https); null otherwise (e.g. the simulator's stories). */
export function safeLink(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}
