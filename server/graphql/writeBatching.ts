import type { Duplex } from 'node:stream';

const corked = new WeakSet<Duplex>();

/**
 * Holds a socket's writes until the current burst of work is over (the process's next tick, which runs once
 * the promise jobs queued by this one are done), then sends them in one write: the graphql-ws messages of a
 * market tick to one connection (one per subscription and symbol) leave in one system call instead of one
 * each. Idempotent within a tick; a socket that closes meanwhile is simply left.
 */
export function batchWrites(socket: Duplex): void {
  if (corked.has(socket) || socket.destroyed) return;
  corked.add(socket);
  socket.cork();
  process.nextTick(() => {
    corked.delete(socket);
    socket.uncork();
  });
}
