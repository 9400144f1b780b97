/** Counts operations and failures since start (systemHealth's error rates come from here). */
export class OperationCounter {
  total = 0;
  failed = 0;
  /** Duration of the most recent operation, in milliseconds (0 before the first). */
  lastDurationMs = 0;

  record(failed: boolean, durationMs?: number): void {
    this.total += 1;
    if (failed) this.failed += 1;
    if (durationMs !== undefined) this.lastDurationMs = durationMs;
  }

  get errorRate(): number {
    return this.total === 0 ? 0 : this.failed / this.total;
  }
}

/** Operations over WebSocket, counted like {@link OperationCounter}, and the subscriptions open now. */
export class SocketOperationCounter extends OperationCounter {
  /** graphql-ws connection contexts: their `subscriptions` hold the operations running on them. */
  private readonly connections = new Set<{ subscriptions: object }>();

  /** Counts a connection's running operations until the returned function is called (its socket closed). */
  follow(connection: { subscriptions: object }): () => void {
    this.connections.add(connection);
    return () => this.connections.delete(connection);
  }

  /** Subscriptions (and one-shot operations under way) open on every followed connection. */
  get open(): number {
    let open = 0;
    for (const connection of this.connections) open += Object.keys(connection.subscriptions).length;
    return open;
  }
}

export interface Metrics {
  /** GraphQL operations over HTTP (queries, mutations, SSE subscriptions). */
  graphql: OperationCounter;
  /** Subscriptions started over WebSocket (graphql-ws). */
  subscriptions: SocketOperationCounter;
}

export function createMetrics(): Metrics {
  return { graphql: new OperationCounter(), subscriptions: new SocketOperationCounter() };
}
