import type { WebsocketPluginOptions } from '@fastify/websocket';
import { CloseCode } from 'graphql-ws';
import type { RawData, WebSocket } from 'ws';
import { UNAUTHORIZED_MESSAGE } from '../services/errors';

/**
 * What one graphql-ws connection may cost the server (issue 12). The client sends only connection_init (its
 * bearer token), subscribe (a subscription document of at most GRAPHQL_MAX_TOKENS tokens and its variables),
 * complete, ping and pong, all far below these bounds.
 */

/** Largest message read before the connection is acknowledged: a connection_init with a token fits many times. */
export const MAX_MESSAGE_BYTES_BEFORE_AUTH = 4 * 1024;
/** Largest message read at all (ws refuses a longer frame from its header, closing with 1009, before reading it). */
export const MAX_MESSAGE_BYTES = 64 * 1024;
/** connection_init must arrive this soon after the upgrade, else graphql-ws closes with 4408. */
export const CONNECTION_INIT_TIMEOUT_MS = 3_000;
/** Subscriptions running at once on one socket. */
export const MAX_SUBSCRIPTIONS_PER_SOCKET = 50;

/** Close of a socket whose session ended (logout, expiry, revocation): final for the client, which signs out. */
export const SESSION_ENDED_CLOSE = { code: CloseCode.Unauthorized, reason: `${UNAUTHORIZED_MESSAGE} (session ended)` };

/** Close of a connection over the per-user cap: a policy violation the client may retry later. */
export const TOO_MANY_SOCKETS_CLOSE = {
  code: 1008,
  reason: (max: number) => `Too many open connections for this user (at most ${max}).`,
};

/** Close of a connection whose message was too large for its state. */
export const MESSAGE_TOO_BIG_CLOSE = {
  code: 1009,
  reason: `Message too big before the connection is acknowledged (at most ${MAX_MESSAGE_BYTES_BEFORE_AUTH} bytes).`,
};

/** Close of every socket when the server shuts down: clients reconnect at once, to another server if there is one. */
export const GOING_AWAY_CLOSE = { code: 1001, reason: 'Server shutting down.' };
/** A socket that has not answered the going-away close within this long is dropped, so shutdown is not held up. */
export const GOING_AWAY_GRACE_MS = 1_000;

/**
 * A Fastify preClose hook, added before @fastify/websocket's own (which closes sockets without a code): every open
 * socket is closed with 1001 (going away), and any still open GOING_AWAY_GRACE_MS later is terminated.
 */
export function closeSocketsGoingAway(sockets: () => Iterable<WebSocket> | undefined): () => void {
  return () => {
    const open = [...(sockets() ?? [])];
    for (const socket of open) socket.close(GOING_AWAY_CLOSE.code, GOING_AWAY_CLOSE.reason);
    if (open.length === 0) return;
    setTimeout(() => {
      for (const socket of open) if (socket.readyState !== socket.CLOSED) socket.terminate();
    }, GOING_AWAY_GRACE_MS).unref();
  };
}

/** The error answered to a subscribe over the per-socket cap (the socket and its other subscriptions go on). */
export const TOO_MANY_SUBSCRIPTIONS_MESSAGE = `Too many subscriptions on one connection (at most ${MAX_SUBSCRIPTIONS_PER_SOCKET}).`;

function byteLength(data: RawData): number {
  if (Array.isArray(data)) return data.reduce((total, part) => total + part.length, 0);
  return data instanceof ArrayBuffer ? data.byteLength : data.length;
}

/**
 * Closes `socket` (1009) on a message over MAX_MESSAGE_BYTES_BEFORE_AUTH while `isSignedIn` says the connection
 * is not acknowledged yet. Listens before graphql-ws does, so the socket is closing when graphql-ws sees it.
 */
export function limitMessagesBeforeAuth(socket: WebSocket, isSignedIn: () => boolean): void {
  socket.on('message', (data) => {
    if (!isSignedIn() && byteLength(data) > MAX_MESSAGE_BYTES_BEFORE_AUTH) {
      socket.close(MESSAGE_TOO_BIG_CLOSE.code, MESSAGE_TOO_BIG_CLOSE.reason);
    }
  });
}

/** Socket errors a client causes: ws's protocol refusals (a message too big, a bad frame) and a dropped connection. */
function isClientSocketError(error: Error): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && (code.startsWith('WS_ERR_') || code === 'ECONNRESET' || code === 'EPIPE');
}

/**
 * @fastify/websocket's handler of a socket's errors: a client's (a message over MAX_MESSAGE_BYTES, a bad frame,
 * which ws has already answered with its close code) is logged at info without a stack; anything else at
 * error. The socket is dropped either way.
 */
export const socketErrorHandler: NonNullable<WebsocketPluginOptions['errorHandler']> = (error, socket, request) => {
  if (isClientSocketError(error)) {
    request.log.info(
      { code: (error as { code?: unknown }).code, error: error.message },
      'WebSocket closed: client error',
    );
  } else {
    request.log.error({ err: error }, 'WebSocket error');
  }
  socket.terminate();
};

/**
 * Takes back the 'error' listeners graphql-ws added to `socket` while `attach` ran: it prints every socket error
 * to the console as an internal error, while the socket's errors are logged by {@link socketErrorHandler}.
 */
export function withoutGraphqlWsErrorListener(socket: WebSocket, attach: () => void): void {
  const before = new Set(socket.listeners('error'));
  attach();
  for (const listener of socket.listeners('error')) {
    if (!before.has(listener)) socket.removeListener('error', listener as (error: Error) => void);
  }
}
