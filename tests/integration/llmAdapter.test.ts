import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createChatCompletionsClient, LlmError } from '../../server/services/chat';
import { runToolLoop, type LlmToolHandler } from '../../server/services/chat/llm/toolLoop';
import { startChatCompletionsServer, type ChatCompletionsServer } from '../fixtures/chatCompletionsServer';

let server: ChatCompletionsServer;

beforeAll(async () => {
  server = await startChatCompletionsServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
});

const quoteTool: LlmToolHandler = {
  tool: {
    name: 'get_quote',
    description: 'Latest quote of a symbol',
    parameters: { type: 'object', properties: { symbol: { type: 'string' } }, required: ['symbol'] },
  },
  run: async (args) => {
    if (args.symbol !== 'AAPL') throw new Error(`unknown symbol ${String(args.symbol)}`);
    return { symbol: 'AAPL', price: 161.22 };
  },
};

describe('Chat Completions client', () => {
  it('sends the model, the messages and the API key, and reads a plain (non-streamed) answer', async () => {
    const client = createChatCompletionsClient({
      baseUrl: server.baseUrl,
      apiKey: 'sk-test',
      model: 'm1',
      stream: false,
    });
    server.answer({ content: 'Markets are mixed today.' });
    const completion = await client.complete({ messages: [{ role: 'user', content: 'How are markets?' }] });
    expect(completion).toEqual({ content: 'Markets are mixed today.', toolCalls: [], finishReason: 'stop' });
    expect(server.requests[0]).toMatchObject({
      authorization: 'Bearer sk-test',
      body: { model: 'm1', stream: false, messages: [{ role: 'user', content: 'How are markets?' }] },
    });
  });

  it('streams the answer piece by piece', async () => {
    const client = createChatCompletionsClient({ baseUrl: `${server.baseUrl}/`, model: 'm1' });
    server.answer({ content: 'AAPL trades at $161.22, down 2.6% today.', chunks: 5 });
    const pieces: string[] = [];
    const completion = await client.complete({
      messages: [{ role: 'user', content: 'AAPL?' }],
      onText: (delta) => pieces.push(delta),
    });
    expect(pieces.length).toBeGreaterThanOrEqual(5);
    expect(pieces.join('')).toBe('AAPL trades at $161.22, down 2.6% today.');
    expect(completion.content).toBe(pieces.join(''));
    expect(server.requests[0]?.authorization).toBeUndefined();
    expect(server.requests[0]?.body.stream).toBe(true);
  });

  it('assembles streamed tool calls from their fragments', async () => {
    const client = createChatCompletionsClient({ baseUrl: server.baseUrl, model: 'm1' });
    server.answer({
      toolCalls: [
        { id: 'call_a', name: 'get_quote', arguments: '{"symbol":"AAPL"}' },
        { id: 'call_b', name: 'get_quote', arguments: '{"symbol":"MSFT"}' },
      ],
    });
    const completion = await client.complete({ messages: [{ role: 'user', content: 'q' }], tools: [quoteTool.tool] });
    expect(completion.finishReason).toBe('tool_calls');
    expect(completion.toolCalls).toEqual([
      { id: 'call_a', name: 'get_quote', arguments: '{"symbol":"AAPL"}' },
      { id: 'call_b', name: 'get_quote', arguments: '{"symbol":"MSFT"}' },
    ]);
    expect(server.requests[0]?.body.tools).toEqual([{ type: 'function', function: { ...quoteTool.tool } }]);
  });

  it('reports an error status with the server text', async () => {
    const client = createChatCompletionsClient({ baseUrl: server.baseUrl, model: 'm1' });
    server.answer({ status: 401, body: '{"error":{"message":"invalid api key"}}' });
    const attempt = client.complete({ messages: [{ role: 'user', content: 'hi' }] });
    await expect(attempt).rejects.toBeInstanceOf(LlmError);
    server.answer({ status: 500, body: 'boom' });
    await expect(client.complete({ messages: [{ role: 'user', content: 'hi' }] })).rejects.toThrow(
      'the language model answered 500: boom',
    );
  });
});

describe('runToolLoop', () => {
  it('runs the tools the model calls, feeds the results back and returns the final answer', async () => {
    const client = createChatCompletionsClient({ baseUrl: server.baseUrl, model: 'm1' });
    server.answer(
      { toolCalls: [{ id: 'call_1', name: 'get_quote', arguments: '{"symbol":"AAPL"}' }] },
      { content: 'Apple is at $161.22.' },
    );
    const streamed: string[] = [];
    const result = await runToolLoop({
      client,
      messages: [{ role: 'user', content: 'Price of Apple?' }],
      handlers: [quoteTool],
      onText: (delta) => streamed.push(delta),
    });
    expect(result.content).toBe('Apple is at $161.22.');
    expect(streamed.join('')).toBe('Apple is at $161.22.');
    expect(result.toolCalls).toEqual([
      { name: 'get_quote', args: { symbol: 'AAPL' }, result: { symbol: 'AAPL', price: 161.22 }, ok: true },
    ]);
    const second = server.requests[1]?.body.messages ?? [];
    expect(second.at(-2)).toMatchObject({ role: 'assistant', tool_calls: [{ id: 'call_1' }] });
    expect(second.at(-1)).toEqual({
      role: 'tool',
      tool_call_id: 'call_1',
      content: JSON.stringify({ symbol: 'AAPL', price: 161.22 }),
    });
  });

  it('answers failing, unknown and malformed tool calls with an error the model can read', async () => {
    const client = createChatCompletionsClient({ baseUrl: server.baseUrl, model: 'm1' });
    server.answer(
      {
        toolCalls: [
          { id: 'c1', name: 'get_quote', arguments: '{"symbol":"ZZZZ"}' },
          { id: 'c2', name: 'launch_rocket', arguments: '{}' },
          { id: 'c3', name: 'get_quote', arguments: '{"symbol":' },
        ],
      },
      { content: 'Sorry, I could not get that quote.' },
    );
    const result = await runToolLoop({ client, messages: [{ role: 'user', content: 'ZZZZ?' }], handlers: [quoteTool] });
    expect(result.toolCalls.map((call) => [call.name, call.ok, call.result])).toEqual([
      ['get_quote', false, { error: 'unknown symbol ZZZZ' }],
      ['launch_rocket', false, { error: 'unknown tool launch_rocket' }],
      ['get_quote', false, { error: 'arguments are not a JSON object' }],
    ]);
    expect(result.content).toBe('Sorry, I could not get that quote.');
  });

  it('stops offering tools after maxRounds so the model has to answer', async () => {
    const client = createChatCompletionsClient({ baseUrl: server.baseUrl, model: 'm1' });
    server.answer(
      { toolCalls: [{ id: 'c1', name: 'get_quote', arguments: '{"symbol":"AAPL"}' }] },
      { content: 'Done.' },
    );
    const result = await runToolLoop({
      client,
      messages: [{ role: 'user', content: 'loop' }],
      handlers: [quoteTool],
      maxRounds: 1,
    });
    expect(result.content).toBe('Done.');
    expect(server.requests[0]?.body.tools).toHaveLength(1);
    expect(server.requests[1]?.body.tools).toBeUndefined();
  });
});
