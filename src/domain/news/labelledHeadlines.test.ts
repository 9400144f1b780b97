import { describe, expect, it } from 'vitest';
import { LABELLED_HEADLINES } from './labelledHeadlines';
import { scoreSentiment } from './sentiment';

/** A score within this of 0 counts as neutral (the UI's badge uses the same band). */
const NEUTRAL_BAND = 0.15;

function label(score: number): 1 | 0 | -1 {
  if (score >= NEUTRAL_BAND) return 1;
  if (score <= -NEUTRAL_BAND) return -1;
  return 0;
}

describe('the lexicon scorer on the labelled headlines', () => {
  it('labels at least 85% of 100+ financial headlines right, and never calls good news bad or bad news good', () => {
    expect(LABELLED_HEADLINES.length).toBeGreaterThanOrEqual(100);
    const wrong = LABELLED_HEADLINES.filter(([headline, expected]) => label(scoreSentiment(headline)) !== expected);
    const accuracy = 1 - wrong.length / LABELLED_HEADLINES.length;
    console.info(`lexicon accuracy: ${(accuracy * 100).toFixed(1)}% of ${LABELLED_HEADLINES.length}`, wrong);
    expect(accuracy).toBeGreaterThanOrEqual(0.85);
    const reversed = LABELLED_HEADLINES.filter(
      ([headline, expected]) => expected !== 0 && label(scoreSentiment(headline)) === -expected,
    );
    expect(reversed).toEqual([]);
  });
});
