/**
 * Alpaca's `trade_updates` stream (https://docs.alpaca.markets/docs/websocket-streaming): order and fill events
 * of one account, at wss://paper-api.alpaca.markets/stream or wss://api.alpaca.markets/stream.
 *
 * Protocol: the client authenticates with {action:'auth', key, secret} (an API key pair) or
 * {action:'authenticate', data:{oauth_token}} (OAuth); the server answers {stream:'authorization',
 * data:{status:'authorized'|'unauthorized', action:'authenticate'}}; the client sends {action:'listen',
 * data:{streams:['trade_updates']}} and the server acknowledges {stream:'listening', data:{streams:[…]}}; events
 * then arrive as {stream:'trade_updates', data:{event, order, …}}. Paper accounts send BINARY frames, the text is
 * JSON either way. An in-stream error is {action:'error', data:{error_message}} before the server closes.
 *
 * Rules:
 * - Unauthorized: reported once through `onError` and not retried (the credentials are wrong; reconnecting would
 *   only be refused again). Any other close reconnects after a delay doubling from `reconnectMs` up to 30 s, reset
 *   once authorized again; `onReconnect` then lets the caller read the orders it may have missed.
 * - `close()` stops for good.
 */
import WebSocket from 'ws';
import type { AlpacaAuth } from './tradingRest';
import type { AlpacaTradeUpdate } from './wire';

export const MAX_RECONNECT_MS = 30_000;

export interface TradeUpdatesOptions {
  /** e.g. wss://paper-api.alpaca.markets/stream */
  url: string;
  auth: AlpacaAuth;
  onUpdate: (update: AlpacaTradeUpdate) => void;
  onError?: (error: Error) => void;
  /** After a reconnection is authorized and listening again (not after the first connection). */
  onReconnect?: () => void;
  reconnectMs?: number;
}

export type TradeUpdatesState = 'connecting' | 'listening' | 'unauthorized' | 'closed';

interface Envelope {
  stream?: string;
  action?: string;
  data?: { status?: string; streams?: string[]; error_message?: string } & Partial<AlpacaTradeUpdate>;
}

export function authMessage(auth: AlpacaAuth): Record<string, unknown> {
  return auth.kind === 'keys'
    ? { action: 'auth', key: auth.keyId, secret: auth.secretKey }
    : { action: 'authenticate', data: { oauth_token: auth.accessToken } };
}

export interface TradeUpdatesStream {
  state(): TradeUpdatesState;
  /** Resolves once listening (or rejects when unauthorized or closed first). */
  ready(): Promise<void>;
  close(): void;
}

export function openTradeUpdates(options: TradeUpdatesOptions): TradeUpdatesStream {
  let state: TradeUpdatesState = 'connecting';
  let socket: WebSocket | undefined;
  let timer: NodeJS.Timeout | undefined;
  let delay = options.reconnectMs ?? 1000;
  let connections = 0;
  const waiters: { resolve: () => void; reject: (error: Error) => void }[] = [];
  const settle = (error?: Error) => {
    for (const waiter of waiters.splice(0))
      if (error) waiter.reject(error);
      else waiter.resolve();
  };

  function onMessage(raw: WebSocket.RawData): void {
    let message: Envelope;
    try {
      message = JSON.parse(raw.toString()) as Envelope;
    } catch {
      options.onError?.(new Error('Alpaca trade_updates: a message that is not JSON'));
      return;
    }
    if (message.stream === 'authorization') {
      if (message.data?.status === 'authorized') {
        socket?.send(JSON.stringify({ action: 'listen', data: { streams: ['trade_updates'] } }));
      } else {
        state = 'unauthorized';
        const error = new Error('Alpaca trade_updates: the credentials were refused');
        options.onError?.(error);
        settle(error);
        socket?.close();
      }
    } else if (message.stream === 'listening') {
      if (!message.data?.streams?.includes('trade_updates')) return;
      state = 'listening';
      delay = options.reconnectMs ?? 1000;
      if (connections > 1) options.onReconnect?.();
      settle();
    } else if (message.stream === 'trade_updates' && message.data?.order) {
      options.onUpdate(message.data as AlpacaTradeUpdate);
    } else if (message.action === 'error') {
      options.onError?.(new Error(`Alpaca trade_updates: ${message.data?.error_message ?? 'error'}`));
    }
  }

  function connect(): void {
    connections++;
    state = 'connecting';
    const ws = new WebSocket(options.url);
    socket = ws;
    ws.on('open', () => ws.send(JSON.stringify(authMessage(options.auth))));
    ws.on('message', onMessage);
    ws.on('error', (error) => options.onError?.(error));
    ws.on('close', () => {
      if (socket !== ws || state === 'closed' || state === 'unauthorized') return;
      state = 'connecting';
      timer = setTimeout(connect, delay);
      delay = Math.min(delay * 2, MAX_RECONNECT_MS);
    });
  }

  connect();
  return {
    state: () => state,
    ready: () =>
      state === 'listening'
        ? Promise.resolve()
        : state === 'closed' || state === 'unauthorized'
          ? Promise.reject(new Error(`Alpaca trade_updates: ${state}`))
          : new Promise((resolve, reject) => waiters.push({ resolve, reject })),
    close() {
      state = 'closed';
      clearTimeout(timer);
      socket?.close();
      settle(new Error('Alpaca trade_updates: closed'));
    },
  };
}
