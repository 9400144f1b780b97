import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatCompletionsClient } from '../chat/llm/chatCompletions';
import { createLlmSentiment } from './llmSentiment';

// A model endpoint that takes requests and never answers: the scorer gives up after its timeout and scores nothing
// (the lexicon's scores stand), caching nothing, so the next call asks again.
describe('LLM news sentiment when the model does not answer', () => {
  let server: Server;
  let baseUrl: string;
  let requests = 0;
  beforeAll(async () => {
    server = createServer(() => void (requests += 1));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  // 30 s: two calls of 200 ms each take far longer on a loaded CI machine (2 cores at load 15–25) than vitest's 5 s
  it('falls back after the timeout, logs why, and asks again next time', async () => {
    const warnings: { reason?: string }[] = [];
    const sentiment = createLlmSentiment({
      client: createChatCompletionsClient({ baseUrl, model: 'test-model', stream: false }),
      log: { warn: (object) => void warnings.push(object as { reason?: string }) },
      timeoutMs: 200,
    });
    const stories = [{ id: 's1', headline: 'Acme beats estimates', summary: '' }];
    expect(await sentiment.scores(stories)).toEqual(new Map());
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.reason).toMatch(/abort|timeout/i);
    expect(await sentiment.scores(stories)).toEqual(new Map());
    expect(requests).toBe(2);
  }, 30_000);
});
