import { describe, expect, it } from 'vitest';
import { createSharedPayloads } from './sharedPayloads';

describe('createSharedPayloads', () => {
  it('makes exactly the message graphql-ws would send, serialising a shared payload once', () => {
    const payloads = createSharedPayloads();
    const result = { data: { marketDataUpdates: { symbol: 'AAPL', price: 190.5, name: 'Apple "Inc"' } } };
    const stringify = JSON.stringify;
    let calls = 0;
    JSON.stringify = ((...args: Parameters<typeof stringify>) => {
      if (args[0] === result) calls += 1;
      return stringify(...args);
    }) as typeof JSON.stringify;
    const messages: string[] = [];
    try {
      for (const id of ['1', '2', 'a"b']) messages.push(payloads.nextMessage(id, result));
    } finally {
      JSON.stringify = stringify;
    }
    expect(messages).toEqual(['1', '2', 'a"b'].map((id) => stringify({ id, type: 'next', payload: result })));
    expect(calls).toBe(1);
  });

  it('serialises each result on its own', () => {
    const payloads = createSharedPayloads();
    expect(payloads.nextMessage('1', { data: { n: 1 } })).toBe('{"id":"1","type":"next","payload":{"data":{"n":1}}}');
    expect(payloads.nextMessage('1', { data: { n: 2 } })).toBe('{"id":"1","type":"next","payload":{"data":{"n":2}}}');
  });
});
