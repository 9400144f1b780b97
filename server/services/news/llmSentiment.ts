import type { LlmClient } from '../chat/llm/chatCompletions';

/**
 * News sentiment scored by the configured language model (issue 16 point 1), kept beside the lexicon's score.
 *
 * Rules:
 * - Items are scored in batches of at most BATCH stories, one completion per batch: the model answers JSON
 *   `{"scores":[{"id":"…","sentiment":0.4}]}`, each score in [-1, 1] for a holder of the stories' stocks (scores
 *   outside are clamped, ids not asked and non-numbers ignored).
 * - A score is cached per story id (at most CACHE_ENTRIES, oldest dropped first): a story is sent to the model once.
 * - A batch that fails, times out (TIMEOUT_MS) or answers no JSON caches nothing: its stories keep the lexicon's score
 *   this time and are asked again next time.
 */

export const BATCH = 20;
export const TIMEOUT_MS = 10_000;
export const CACHE_ENTRIES = 5_000;

export const SENTIMENT_PROMPT = [
  'You score financial news for a holder of the stocks it is about.',
  'For each story give a sentiment from -1 (very negative) to 1 (very positive); 0 is neutral.',
  'Answer with JSON only: {"scores":[{"id":"<story id>","sentiment":<number>}]}.',
].join(' ');

export interface StoryText {
  id: string;
  headline: string;
  summary: string;
}

export interface LlmSentiment {
  /** The model's score per story id for the stories it scored (now or before); missing ones fall back. */
  scores(stories: readonly StoryText[]): Promise<Map<string, number>>;
}

function parseScores(text: string, asked: ReadonlySet<string>): Map<string, number> {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end < start) throw new Error('the model answered no JSON');
  const value = JSON.parse(text.slice(start, end + 1)) as { scores?: unknown };
  if (!Array.isArray(value.scores)) throw new Error('the model answered no "scores" list');
  const out = new Map<string, number>();
  for (const entry of value.scores as { id?: unknown; sentiment?: unknown }[]) {
    if (typeof entry?.id !== 'string' || !asked.has(entry.id)) continue;
    if (typeof entry.sentiment !== 'number' || !Number.isFinite(entry.sentiment)) continue;
    out.set(entry.id, Math.round(Math.min(1, Math.max(-1, entry.sentiment)) * 10_000) / 10_000);
  }
  return out;
}

export function createLlmSentiment({
  client,
  log,
  timeoutMs = TIMEOUT_MS,
}: {
  client: LlmClient;
  log: { warn: (object: object, message: string) => void };
  timeoutMs?: number;
}): LlmSentiment {
  const cache = new Map<string, number>();
  const remember = (id: string, score: number) => {
    cache.set(id, score);
    if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
  };

  async function scoreBatch(batch: readonly StoryText[]): Promise<void> {
    const asked = new Set(batch.map((story) => story.id));
    const stories = batch.map(({ id, headline, summary }) => ({ id, headline, summary: summary.slice(0, 500) }));
    try {
      const completion = await client.complete({
        messages: [
          { role: 'system', content: SENTIMENT_PROMPT },
          { role: 'user', content: JSON.stringify({ stories }) },
        ],
        signal: AbortSignal.timeout(timeoutMs),
      });
      for (const [id, score] of parseScores(completion.content, asked)) remember(id, score);
    } catch (error) {
      log.warn(
        { stories: batch.length, reason: error instanceof Error ? error.message : String(error) },
        'news sentiment: the language model failed; the lexicon scores these stories',
      );
    }
  }

  return {
    async scores(stories) {
      const missing = [...new Map(stories.filter((s) => !cache.has(s.id)).map((s) => [s.id, s])).values()];
      const batches: StoryText[][] = [];
      for (let i = 0; i < missing.length; i += BATCH) batches.push(missing.slice(i, i + BATCH));
      await Promise.all(batches.map(scoreBatch));
      const out = new Map<string, number>();
      for (const story of stories) {
        const score = cache.get(story.id);
        if (score !== undefined) out.set(story.id, score);
      }
      return out;
    },
  };
}
