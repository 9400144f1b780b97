/**
 * Graceful shutdown (issue 12 point 8): the real server (server/main.ts through tsx) gets SIGTERM while a
 * graphql-ws socket is subscribed and an HTTP request is in flight (its body half sent). The socket is closed
 * with 1001 (going away, so the client reconnects at once, to another server if there is one), the request
 * still gets its answer (with `Connection: close`, so that its keep-alive connection does not hold the server),
 * and the process exits 0. The time from SIGTERM to exit is printed.
 */
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { GOING_AWAY_CLOSE } from '../../server/graphql/socketLimits';
import { SINGLE_USER_TOKEN } from '../../src/domain/constants';
import { startTsxServer } from './serverProcess';

/** A subscribed graphql-transport-ws socket; resolves once the server acknowledged the connection. */
async function openSubscribedSocket(address: string) {
  const socket = new WebSocket(`${address.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws');
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  const acknowledged = new Promise<void>((resolve, reject) => {
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as { type: string };
      if (message.type === 'connection_ack') resolve();
    });
    socket.once('error', reject);
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${SINGLE_USER_TOKEN}` } }));
  await acknowledged;
  socket.send(
    JSON.stringify({ id: '1', type: 'subscribe', payload: { query: 'subscription { preferencesUpdated { theme } }' } }),
  );
  return { closed };
}

/** POST /graphql with only the first half of its body sent; `finish()` sends the rest, `answer` is the reply. */
function startSlowRequest(address: string) {
  const body = JSON.stringify({ query: '{ __typename }' });
  const half = Math.floor(body.length / 2);
  let req: ReturnType<typeof request> | undefined;
  const answer = new Promise<{ status: number; body: string; connection?: string }>((resolve, reject) => {
    req = request(
      `${address}/graphql`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          authorization: `Bearer ${SINGLE_USER_TOKEN}`,
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: text, connection: response.headers.connection }),
        );
      },
    );
    req.on('error', reject);
    req.write(body.slice(0, half));
  });
  return { answer, finish: () => req?.end(body.slice(half)) };
}

describe('graceful shutdown (server/main.ts)', () => {
  it('on SIGTERM closes sockets with 1001, finishes the request in flight, and exits 0', async () => {
    const server = await startTsxServer();
    try {
      const socket = await openSubscribedSocket(server.address);
      const slow = startSlowRequest(server.address);
      // Let the request's headers reach the server (it is then in flight, waiting for the rest of its body).
      await new Promise((resolve) => setTimeout(resolve, 200));

      const signalled = performance.now();
      server.child.kill('SIGTERM');
      const close = await socket.closed;
      const closedAfter = performance.now() - signalled;
      await new Promise((resolve) => setTimeout(resolve, 100));
      slow.finish();
      const answer = await slow.answer;
      const answeredAfter = performance.now() - signalled;
      const code = await server.exited;
      const exitedAfter = performance.now() - signalled;
      console.log(
        `SIGTERM to socket close: ${closedAfter.toFixed(0)} ms, to the answer: ${answeredAfter.toFixed(0)} ms ` +
          `(held back 100 ms by the test), to exit: ${exitedAfter.toFixed(0)} ms`,
      );

      expect(close).toEqual({ code: GOING_AWAY_CLOSE.code, reason: GOING_AWAY_CLOSE.reason });
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toEqual({ data: { __typename: 'Query' } });
      expect(code, server.output().stderr).toBe(0);
      expect(answer.connection).toBe('close');
      expect(server.output().stdout).toContain('shutting down');
      // The answer's keep-alive connection (Node's agent keeps it) used to hold the process 5 s after it.
      expect(exitedAfter).toBeLessThan(4_000);
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
    }
  }, 120_000);
});
