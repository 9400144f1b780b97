/**
 * One client process of the quote latency bench (bench/quoteLatency.ts forks a few so that the clients do not
 * share the server's event loop). It opens WebSocket connections speaking graphql-transport-ws (the protocol
 * graphql-ws clients speak, kept minimal here so the clients cost little CPU), subscribes to marketDataUpdates
 * and records, for each message, the system-wide monotonic clock (process.hrtime, CLOCK_MONOTONIC: the same
 * clock in every process of the machine) against the quote's timestamp, which names the tick.
 *
 * Parent → child: `start`, `mark`, then `report`. Child → parent: `live` once every subscription has had a quote,
 * `tick` each time all of them have the quote of one tick, `report` with the arrival times and its CPU time.
 */
import WebSocket from 'ws';

export interface StartMessage {
  type: 'start';
  url: string;
  token: string;
  query: string;
  /** The symbol of each subscription (its id is its index). */
  symbols: string[];
  perConnection: number;
}

/** `mark` starts the CPU measurement that `report` ends. */
export type ParentMessage = StartMessage | { type: 'mark' } | { type: 'report' };

export type ChildMessage =
  | { type: 'live' }
  | { type: 'tick'; timestamp: number }
  | {
      type: 'report';
      /** Quote timestamp (epoch ms) → arrival times (ms on the monotonic clock) of its messages. */
      arrivals: Record<number, number[]>;
      /** CPU time (user + system) since `mark`. */
      cpuMs: number;
    }
  | { type: 'error'; message: string };

const monotonicMs = () => Number(process.hrtime.bigint()) / 1e6;

const send = (message: ChildMessage) => process.send?.(message);

function connect(start: StartMessage, ids: number[], onQuote: (id: number, timestamp: string) => void) {
  const socket = new WebSocket(start.url, 'graphql-transport-ws');
  socket.on('open', () =>
    socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${start.token}` } })),
  );
  socket.on('message', (data: Buffer) => {
    const message = JSON.parse(data.toString()) as {
      type: string;
      id?: string;
      payload?: { data?: { marketDataUpdates?: { timestamp: string } } };
    };
    if (message.type === 'connection_ack') {
      for (const id of ids) {
        const variables = { s: [start.symbols[id]] };
        socket.send(JSON.stringify({ id: String(id), type: 'subscribe', payload: { query: start.query, variables } }));
      }
    } else if (message.type === 'next') {
      const quote = message.payload?.data?.marketDataUpdates;
      if (quote) onQuote(Number(message.id), quote.timestamp);
    } else if (message.type === 'error') {
      send({ type: 'error', message: JSON.stringify(message.payload) });
    }
  });
  socket.on('error', (error) => send({ type: 'error', message: String(error) }));
  return socket;
}

function run(start: StartMessage) {
  const total = start.symbols.length;
  const arrivals = new Map<number, number[]>();
  const seen = new Set<number>();
  let live = false;
  const onQuote = (id: number, timestamp: string) => {
    const now = monotonicMs();
    const tick = Date.parse(timestamp);
    let list = arrivals.get(tick);
    if (!list) arrivals.set(tick, (list = []));
    list.push(now);
    if (!live) {
      seen.add(id);
      if (seen.size === total) {
        live = true;
        send({ type: 'live' });
      }
    } else if (list.length === total) send({ type: 'tick', timestamp: tick });
  };

  const sockets: WebSocket[] = [];
  for (let first = 0; first < total; first += start.perConnection) {
    const ids = Array.from({ length: Math.min(start.perConnection, total - first) }, (_, i) => first + i);
    sockets.push(connect(start, ids, onQuote));
  }

  let mark = process.cpuUsage();
  process.on('message', (message: ParentMessage) => {
    if (message.type === 'mark') mark = process.cpuUsage();
    if (message.type !== 'report') return;
    const usage = process.cpuUsage(mark);
    send({ type: 'report', arrivals: Object.fromEntries(arrivals), cpuMs: (usage.user + usage.system) / 1000 });
    for (const socket of sockets) socket.terminate();
  });
}

process.once('message', (message: ParentMessage) => {
  if (message.type === 'start') run(message);
});
