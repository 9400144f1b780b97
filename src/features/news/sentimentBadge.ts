/** How a sentiment score in [-1, 1] is shown: a word and a colour palette (±0.15 around 0 is neutral). */
export function sentimentBadge(sentiment: number): { label: string; palette: 'green' | 'red' | 'gray' } {
  if (sentiment >= 0.15) return { label: 'Positive', palette: 'green' };
  if (sentiment <= -0.15) return { label: 'Negative', palette: 'red' };
  return { label: 'Neutral', palette: 'gray' };
}
