/**
 * Tradier's account events stream (https://documentation.tradier.com/brokerage-api/streaming/wss-account-websocket):
 * POST /accounts/events/session gives a WebSocket URL (wss://ws.tradier.com/v1/accounts/events) and a session id;
 * the client connects and sends {"events":["order"],"sessionid":…,"excludeAccounts":[]}; Tradier then pushes one
 * JSON message per order change of every account of the token ({event:'order', id, status, executed_quantity,
 * last_fill_price, last_fill_quantity, avg_fill_price, remaining_quantity, account, …}) and heartbeats. Tradier
 * does not acknowledge the subscription: the stream counts as listening once it is sent.
 *
 * Live only: the sandbox (paper) has no account stream, so a paper connection polls its orders instead
 * (./orderPolling.ts), which reports the same updates.
 *
 * Rules:
 * - A session id serves one connection and expires within minutes: every (re)connection asks for a new one.
 * - A refused token (401 on the session) is reported once through `onError` and not retried. Any other failure or
 *   close reconnects as ../streamLifecycle.ts says (backoff up to 30 s; `onReconnect` once listening again, to
 *   read the orders it may have missed).
 * - Only the events of `accountNumber` are delivered (a token may open several accounts); `close()` stops for good.
 */
import WebSocket from 'ws';
import { streamLifecycle, type StreamHandle } from '../streamLifecycle';
import { toOrderUpdate, type TradierOrderUpdate } from './mapping';
import { TradierError } from './tradierErrors';
import type { TradierRest } from './tradierRest';
import type { TradierAccountEvent } from './wire';

export interface AccountEventsOptions {
  rest: Pick<TradierRest, 'eventsSession'>;
  accountNumber: string;
  onUpdate: (update: TradierOrderUpdate, event: TradierAccountEvent) => void;
  onError?: (error: Error) => void;
  /** After a reconnection is listening again (not after the first connection). */
  onReconnect?: () => void;
  reconnectMs?: number;
}

export function openAccountEvents(options: AccountEventsOptions): StreamHandle {
  let socket: WebSocket | undefined;
  const life = streamLifecycle(
    'Tradier account events',
    { reconnectMs: options.reconnectMs, onReconnect: options.onReconnect, onClose: () => socket?.close() },
    () => void connect(),
  );

  function onMessage(raw: WebSocket.RawData): void {
    let event: TradierAccountEvent & { error?: unknown };
    try {
      event = JSON.parse(raw.toString()) as TradierAccountEvent & { error?: unknown };
    } catch {
      options.onError?.(new Error('Tradier account events: a message that is not JSON'));
      return;
    }
    if (typeof event.error === 'string') {
      options.onError?.(new Error(`Tradier account events: ${event.error.slice(0, 200)}`));
      return;
    }
    if (event.account !== undefined && event.account !== options.accountNumber) return;
    const update = toOrderUpdate(event);
    if (update) options.onUpdate(update, event);
  }

  async function connect(): Promise<void> {
    life.connecting();
    let session: { url: string; sessionid: string };
    try {
      session = await options.rest.eventsSession();
    } catch (error) {
      if (life.stopped()) return;
      if (error instanceof TradierError && error.status === 401) {
        const refused = new Error('Tradier account events: the access token was refused');
        options.onError?.(refused);
        life.refused(refused);
        return;
      }
      options.onError?.(error instanceof Error ? error : new Error(String(error)));
      life.dropped();
      return;
    }
    if (life.stopped()) return;
    const ws = new WebSocket(session.url);
    socket = ws;
    ws.on('open', () => {
      ws.send(JSON.stringify({ events: ['order'], sessionid: session.sessionid, excludeAccounts: [] }));
      if (socket === ws) life.listening();
    });
    ws.on('message', onMessage);
    ws.on('error', (error) => options.onError?.(error));
    ws.on('close', () => {
      if (socket === ws) life.dropped();
    });
  }

  void connect();
  return life.handle;
}
