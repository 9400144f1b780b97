import WebSocket from 'ws';
import type { AlpacaNewsArticle } from './alpaca';

/**
 * Alpaca's real-time news over WebSocket (https://docs.alpaca.markets/docs/streaming-real-time-news), at
 * /v1beta1/news of the market-data stream host: the server greets with [{T:'success',msg:'connected'}], the
 * client sends {action:'auth',key,secret}, the server answers [{T:'success',msg:'authenticated'}] or
 * [{T:'error',code,msg}] (402 auth failed, 406 connection limit exceeded: Alpaca allows one stream per key), the
 * client sends {action:'subscribe',news:['*']} (every symbol), the server confirms with [{T:'subscription',
 * news:['*']}], and each story arrives as [{T:'n', id, headline, summary, author, created_at, updated_at, url,
 * content, symbols, source}]. JSON, not msgpack. A dropped or refused connection is opened again after a delay
 * doubled per failure (from `reconnectMs`, at most MAX_NEWS_RECONNECT_MS), reset once authenticated.
 */
export interface AlpacaNewsStreamOptions {
  /** e.g. wss://stream.data.alpaca.markets/v1beta1/news */
  url: string;
  keyId: string;
  secretKey: string;
  onArticle: (article: AlpacaNewsArticle) => void;
  onError?: (error: Error) => void;
  /** First reconnect delay (ms). */
  reconnectMs?: number;
}

export const MAX_NEWS_RECONNECT_MS = 60_000;
/** Alpaca's error code for a second stream connection of one key. */
export const CONNECTION_LIMIT_EXCEEDED = 406;

interface StreamMessage {
  T?: string;
  msg?: string;
  code?: number;
}

/** The news stream path on the host of a market-data stream URL (e.g. …/v2/iex → …/v1beta1/news). */
export function newsStreamUrl(marketStreamUrl: string): string {
  return new URL('/v1beta1/news', marketStreamUrl).toString();
}

/** One connection to Alpaca's news stream, subscribed to every symbol, opened again whenever it drops. */
export class AlpacaNewsStream {
  private socket: WebSocket | undefined;
  private closed = false;
  private delay: number;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private authenticated = false;

  constructor(private readonly options: AlpacaNewsStreamOptions) {
    this.delay = options.reconnectMs ?? 1000;
    this.connect();
  }

  /** Authenticated and subscribed on the current connection. */
  get ready(): boolean {
    return this.authenticated;
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.socket?.terminate();
    this.socket = undefined;
  }

  private connect(): void {
    if (this.closed) return;
    this.authenticated = false;
    const socket = new WebSocket(this.options.url);
    this.socket = socket;
    socket.on('message', (data) => this.receive(socket, String(data)));
    socket.on('error', (error) => this.options.onError?.(error));
    socket.on('close', () => {
      if (this.socket !== socket || this.closed) return;
      this.socket = undefined;
      this.authenticated = false;
      this.timer = setTimeout(() => this.connect(), this.delay);
      this.timer.unref();
      this.delay = Math.min(MAX_NEWS_RECONNECT_MS, this.delay * 2);
    });
  }

  private receive(socket: WebSocket, text: string): void {
    let messages: StreamMessage[];
    try {
      const parsed: unknown = JSON.parse(text);
      messages = (Array.isArray(parsed) ? parsed : [parsed]) as StreamMessage[];
    } catch {
      this.options.onError?.(new Error('Alpaca news stream sent a message that is not JSON'));
      return;
    }
    for (const message of messages) {
      if (message.T === 'n') this.article(message as unknown as AlpacaNewsArticle);
      else if (message.T === 'success' && message.msg === 'connected') {
        socket.send(JSON.stringify({ action: 'auth', key: this.options.keyId, secret: this.options.secretKey }));
      } else if (message.T === 'success' && message.msg === 'authenticated') {
        socket.send(JSON.stringify({ action: 'subscribe', news: ['*'] }));
      } else if (message.T === 'subscription') {
        this.authenticated = true;
        this.delay = this.options.reconnectMs ?? 1000;
      } else if (message.T === 'error') {
        const reason =
          message.code === CONNECTION_LIMIT_EXCEEDED
            ? 'connection limit exceeded (another process holds this key’s stream); retrying'
            : (message.msg ?? 'unknown');
        this.options.onError?.(new Error(`Alpaca news stream error ${message.code ?? ''}: ${reason}`));
        // Alpaca closes the connection after an auth error; make sure, so that the retry follows
        if (!this.authenticated) socket.close();
      }
    }
  }

  private article(article: AlpacaNewsArticle): void {
    if (typeof article.headline !== 'string' || !article.headline || !Number.isFinite(Date.parse(article.created_at))) {
      this.options.onError?.(new Error('Alpaca news stream sent a story without a headline or date'));
      return;
    }
    this.options.onArticle(article);
  }
}
