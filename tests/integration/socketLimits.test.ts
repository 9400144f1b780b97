import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  CONNECTION_INIT_TIMEOUT_MS,
  MAX_MESSAGE_BYTES,
  MAX_MESSAGE_BYTES_BEFORE_AUTH,
  MAX_SUBSCRIPTIONS_PER_SOCKET,
} from '../../server/graphql/socketLimits';
import { loadConfig } from '../../server/config';
import { createTestApp, createUserWithSession, type TestApp } from './helpers';

/** WS_MAX_SOCKETS_PER_USER's default. */
const MAX_SOCKETS_PER_USER = loadConfig({}).maxSocketsPerUser;

const SUBSCRIPTION = 'subscription { preferencesUpdated { theme } }';

/** A raw graphql-transport-ws socket that records the messages it receives and how it closed. */
class RawSocket {
  readonly messages: { type: string; id?: string; payload?: unknown }[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private readonly socket: WebSocket;

  constructor(url: string) {
    this.socket = new WebSocket(url, 'graphql-transport-ws');
    this.socket.on('message', (data) => this.messages.push(JSON.parse(String(data))));
    this.closed = new Promise((resolve) =>
      this.socket.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
    );
  }

  async opened(): Promise<this> {
    if (this.socket.readyState !== WebSocket.OPEN) await new Promise((resolve) => this.socket.once('open', resolve));
    return this;
  }

  send(message: unknown): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** Sends connection_init with `token`; resolves on connection_ack, or with the close when refused. */
  async init(token: string, padding = ''): Promise<'ack' | { code: number; reason: string }> {
    this.send({ type: 'connection_init', payload: { authorization: `Bearer ${token}`, padding } });
    return Promise.race([this.next('connection_ack').then(() => 'ack' as const), this.closed]);
  }

  /** The first received message of `type` (and `id`), waiting up to 5 s. */
  async next(type: string, id?: string) {
    for (const started = Date.now(); Date.now() - started < 5000;) {
      const message = this.messages.find((m) => m.type === type && (id === undefined || m.id === id));
      if (message) return message;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no ${type} message`);
  }

  close(): void {
    this.socket.close();
  }
}

describe('WebSocket limits', () => {
  let testApp: TestApp;
  let url: string;
  const sockets: RawSocket[] = [];
  beforeAll(async () => {
    testApp = await createTestApp('pglite');
    url = `${(await testApp.app.listen({ port: 0, host: '127.0.0.1' })).replace(/^http/, 'ws')}/graphql`;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await testApp.close();
  });
  const open = () => {
    const socket = new RawSocket(url);
    sockets.push(socket);
    return socket.opened();
  };

  it(`closes a socket sending more than ${MAX_MESSAGE_BYTES_BEFORE_AUTH} bytes before it is acknowledged (1009)`, async () => {
    const user = await createUserWithSession(testApp.db);
    const socket = await open();
    const answer = await socket.init(user.token, 'x'.repeat(MAX_MESSAGE_BYTES_BEFORE_AUTH));
    expect(answer).toMatchObject({
      code: 1009,
      reason: expect.stringContaining('before the connection is acknowledged'),
    });
    // A normal connection_init is acknowledged.
    expect(await (await open()).init(user.token)).toBe('ack');
  });

  it(`closes a signed-in socket sending a message over ${MAX_MESSAGE_BYTES} bytes (1009), not one under it`, async () => {
    const user = await createUserWithSession(testApp.db);
    const socket = await open();
    expect(await socket.init(user.token)).toBe('ack');
    // A subscribe well over the pre-auth bound is read once signed in: the socket still answers a ping after it.
    const padded = `${SUBSCRIPTION} ${'#'.repeat(16 * 1024)}\n`;
    socket.send({ id: 'big', type: 'subscribe', payload: { query: padded } });
    socket.send({ type: 'ping' });
    await socket.next('pong');
    socket.send({ id: 'huge', type: 'subscribe', payload: { query: 'x'.repeat(MAX_MESSAGE_BYTES) } });
    expect(await socket.closed).toMatchObject({ code: 1009 });
  });

  it(`closes a socket that sends no connection_init within ${CONNECTION_INIT_TIMEOUT_MS} ms (4408)`, async () => {
    const socket = await open();
    const started = Date.now();
    expect(await socket.closed).toMatchObject({ code: 4408 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(CONNECTION_INIT_TIMEOUT_MS - 100);
    expect(Date.now() - started).toBeLessThan(CONNECTION_INIT_TIMEOUT_MS + 1000);
  });

  it(`refuses a user's socket beyond ${MAX_SOCKETS_PER_USER} with 1008, and another user's is still accepted`, async () => {
    const user = await createUserWithSession(testApp.db);
    const opened = await Promise.all(Array.from({ length: MAX_SOCKETS_PER_USER }, () => open()));
    expect(await Promise.all(opened.map((socket) => socket.init(user.token)))).toEqual(
      Array.from({ length: MAX_SOCKETS_PER_USER }, () => 'ack'),
    );
    const refused = await (await open()).init(user.token);
    expect(refused).toMatchObject({ code: 1008, reason: expect.stringContaining('Too many open connections') });
    const other = await createUserWithSession(testApp.db);
    expect(await (await open()).init(other.token)).toBe('ack');
    // Once one closes, the user may connect again.
    opened[0]!.close();
    await opened[0]!.closed;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await (await open()).init(user.token)).toBe('ack');
  });

  it(`answers a subscription beyond ${MAX_SUBSCRIPTIONS_PER_SOCKET} on one socket with an error, keeping the others`, async () => {
    const user = await createUserWithSession(testApp.db);
    const socket = await open();
    expect(await socket.init(user.token)).toBe('ack');
    for (let index = 0; index <= MAX_SUBSCRIPTIONS_PER_SOCKET; index++) {
      socket.send({ id: String(index), type: 'subscribe', payload: { query: SUBSCRIPTION } });
    }
    const refused = await socket.next('error', String(MAX_SUBSCRIPTIONS_PER_SOCKET));
    expect(refused.payload).toEqual([
      expect.objectContaining({
        message: `Too many subscriptions on one connection (at most ${MAX_SUBSCRIPTIONS_PER_SOCKET}).`,
        extensions: { code: 'TOO_MANY_SUBSCRIPTIONS' },
      }),
    ]);
    expect(socket.messages.filter((message) => message.type === 'error')).toHaveLength(1);
    // Completing one makes room for another.
    socket.send({ id: '0', type: 'complete' });
    socket.send({ id: 'again', type: 'subscribe', payload: { query: SUBSCRIPTION } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(socket.messages.some((message) => message.id === 'again' && message.type === 'error')).toBe(false);
  });
});
