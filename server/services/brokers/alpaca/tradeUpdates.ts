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
 *   only be refused again). Any other close reconnects as ../streamLifecycle.ts says (a delay doubling from
 *   `reconnectMs` up to 30 s, reset once listening again; `onReconnect` then lets the caller read the orders it may
 *   have missed).
 * - `close()` stops for good.
 */
import WebSocket from 'ws';
import { streamLifecycle, type StreamHandle, type StreamState } from '../streamLifecycle';
import type { AlpacaAuth } from './tradingRest';
import type { AlpacaTradeUpdate } from './wire';

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

export type TradeUpdatesState = StreamState;

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

export type TradeUpdatesStream = StreamHandle;

export function openTradeUpdates(options: TradeUpdatesOptions): TradeUpdatesStream {
  let socket: WebSocket | undefined;
  const life = streamLifecycle(
    'Alpaca trade_updates',
    { reconnectMs: options.reconnectMs, onReconnect: options.onReconnect, onClose: () => socket?.close() },
    connect,
  );

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
        const error = new Error('Alpaca trade_updates: the credentials were refused');
        options.onError?.(error);
        life.refused(error);
        socket?.close();
      }
    } else if (message.stream === 'listening') {
      if (message.data?.streams?.includes('trade_updates')) life.listening();
    } else if (message.stream === 'trade_updates' && message.data?.order) {
      options.onUpdate(message.data as AlpacaTradeUpdate);
    } else if (message.action === 'error') {
      options.onError?.(new Error(`Alpaca trade_updates: ${message.data?.error_message ?? 'error'}`));
    }
  }

  function connect(): void {
    life.connecting();
    const ws = new WebSocket(options.url);
    socket = ws;
    ws.on('open', () => ws.send(JSON.stringify(authMessage(options.auth))));
    ws.on('message', onMessage);
    ws.on('error', (error) => options.onError?.(error));
    ws.on('close', () => {
      if (socket === ws) life.dropped();
    });
  }

  connect();
  return life.handle;
}
