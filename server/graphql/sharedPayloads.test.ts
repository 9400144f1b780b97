import type { WebSocket } from '@fastify/websocket';
import { describe, expect, it } from 'vitest';
import { createSharedPayloads } from './sharedPayloads';

function fakeSocket() {
  const sent: unknown[] = [];
  const socket = { send: (data: unknown) => sent.push(data) } as unknown as WebSocket;
  return { socket, sent };
}

describe('createSharedPayloads', () => {
  it('sends exactly what JSON.stringify would, serialising a shared payload once', () => {
    const payloads = createSharedPayloads();
    const { socket, sent } = fakeSocket();
    payloads.wrapSocket(socket);
    const result = { data: { marketDataUpdates: { symbol: 'AAPL', price: 190.5, name: 'Apple "Inc"' } } };
    payloads.share(result);
    const stringify = JSON.stringify;
    let calls = 0;
    JSON.stringify = ((...args: Parameters<typeof stringify>) => {
      if (args[0] === result) calls += 1;
      return stringify(...args);
    }) as typeof JSON.stringify;
    try {
      for (const id of ['1', '2', '3']) {
        const message = { id, type: 'next', payload: result };
        socket.send(JSON.stringify(message, (key, value: unknown) => payloads.replacer(key, value)));
        expect(sent.at(-1)).toBe(stringify(message));
      }
    } finally {
      JSON.stringify = stringify;
    }
    expect(calls).toBe(1);
  });

  it('leaves messages whose payload is not shared untouched', () => {
    const payloads = createSharedPayloads();
    const { socket, sent } = fakeSocket();
    payloads.wrapSocket(socket);
    const message = { id: '1', type: 'next', payload: { data: { orderUpdates: { id: 'o1', payload: {} } } } };
    socket.send(JSON.stringify(message, (key, value: unknown) => payloads.replacer(key, value)));
    expect(sent).toEqual([JSON.stringify(message)]);
    expect(payloads.isShared(message.payload)).toBe(false);
  });
});
