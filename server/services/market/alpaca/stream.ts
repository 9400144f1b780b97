import WebSocket from 'ws';
import type { AlpacaCredentials } from './rest';

/**
 * Alpaca real-time stock data over WebSocket (https://docs.alpaca.markets/docs/real-time-stock-pricing-data):
 * the server greets with [{T:'success',msg:'connected'}], the client sends {action:'auth',key,secret},
 * the server answers [{T:'success',msg:'authenticated'}] (or [{T:'error',code,msg}]), the client sends
 * {action:'subscribe',trades:[…],quotes:[…]} / {action:'unsubscribe',…}, and data arrives as arrays of
 * {T:'t'} trades, {T:'q'} quotes and {T:'b'} bars, each with S = symbol.
 */

export interface StreamTrade {
  T: 't';
  S: string;
  p: number;
  s: number;
  t: string;
}

export interface StreamQuote {
  T: 'q';
  S: string;
  bp: number;
  bs: number;
  ap: number;
  as: number;
  t: string;
}

interface ControlMessage {
  T: 'success' | 'error' | 'subscription';
  msg?: string;
  code?: number;
}

type StreamMessage = StreamTrade | StreamQuote | ControlMessage | { T: string; S?: string };

export interface AlpacaStreamOptions extends AlpacaCredentials {
  /** e.g. wss://stream.data.alpaca.markets/v2/iex */
  url: string;
  onTrade: (trade: StreamTrade) => void;
  onQuote: (quote: StreamQuote) => void;
  onError?: (error: Error) => void;
  /** First reconnect delay (ms), doubled per failure up to MAX_RECONNECT_MS. */
  reconnectMs?: number;
}

export const MAX_RECONNECT_MS = 30_000;

export type StreamState = 'idle' | 'connecting' | 'authenticated' | 'closed';

/** One connection that keeps the wanted symbols subscribed (quotes and trades), reconnecting when dropped. */
export class AlpacaStream {
  private socket: WebSocket | undefined;
  private readonly wanted = new Set<string>();
  /** Symbols the server has been asked to stream on the current connection. */
  private readonly sent = new Set<string>();
  private state: StreamState = 'idle';
  private delay: number;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readyWaiters: (() => void)[] = [];

  constructor(private readonly options: AlpacaStreamOptions) {
    this.delay = options.reconnectMs ?? 1000;
  }

  get status(): StreamState {
    return this.state;
  }

  /** Resolves once the connection is authenticated and the wanted symbols were requested. */
  ready(): Promise<void> {
    if (this.state === 'authenticated') return Promise.resolve();
    return new Promise((resolve) => this.readyWaiters.push(resolve));
  }

  add(symbols: readonly string[]): void {
    for (const symbol of symbols) this.wanted.add(symbol);
    if (this.state === 'idle') this.connect();
    else this.sync();
  }

  remove(symbols: readonly string[]): void {
    for (const symbol of symbols) this.wanted.delete(symbol);
    this.sync();
  }

  close(): void {
    this.state = 'closed';
    if (this.timer) clearTimeout(this.timer);
    this.socket?.terminate();
    this.socket = undefined;
  }

  private connect(): void {
    if (this.state === 'closed') return;
    this.state = 'connecting';
    this.sent.clear();
    const socket = new WebSocket(this.options.url);
    this.socket = socket;
    socket.on('message', (data) => this.receive(socket, String(data)));
    socket.on('error', (error) => this.options.onError?.(error));
    socket.on('close', () => {
      if (this.socket !== socket || this.state === 'closed') return;
      this.socket = undefined;
      this.state = 'connecting';
      this.timer = setTimeout(() => this.connect(), this.delay);
      this.timer.unref();
      this.delay = Math.min(MAX_RECONNECT_MS, this.delay * 2);
    });
  }

  private receive(socket: WebSocket, text: string): void {
    let messages: StreamMessage[];
    try {
      const parsed: unknown = JSON.parse(text);
      messages = Array.isArray(parsed) ? (parsed as StreamMessage[]) : [parsed as StreamMessage];
    } catch {
      this.options.onError?.(new Error('Alpaca stream sent a message that is not JSON'));
      return;
    }
    for (const message of messages) {
      switch (message.T) {
        case 't':
          this.options.onTrade(message as StreamTrade);
          break;
        case 'q':
          this.options.onQuote(message as StreamQuote);
          break;
        case 'success': {
          const { msg } = message as ControlMessage;
          if (msg === 'connected') {
            socket.send(JSON.stringify({ action: 'auth', key: this.options.keyId, secret: this.options.secretKey }));
          } else if (msg === 'authenticated') {
            this.state = 'authenticated';
            this.delay = this.options.reconnectMs ?? 1000;
            this.sync();
            for (const resolve of this.readyWaiters.splice(0)) resolve();
          }
          break;
        }
        case 'error': {
          const { code, msg } = message as ControlMessage;
          this.options.onError?.(new Error(`Alpaca stream error ${code ?? ''}: ${msg ?? 'unknown'}`));
          break;
        }
        default:
          break;
      }
    }
  }

  /** Sends the difference between the wanted and the requested symbols. */
  private sync(): void {
    const socket = this.socket;
    if (this.state !== 'authenticated' || !socket || socket.readyState !== WebSocket.OPEN) return;
    const add = [...this.wanted].filter((s) => !this.sent.has(s));
    const drop = [...this.sent].filter((s) => !this.wanted.has(s));
    if (add.length > 0) {
      socket.send(JSON.stringify({ action: 'subscribe', trades: add, quotes: add }));
      for (const s of add) this.sent.add(s);
    }
    if (drop.length > 0) {
      socket.send(JSON.stringify({ action: 'unsubscribe', trades: drop, quotes: drop }));
      for (const s of drop) this.sent.delete(s);
    }
  }
}
