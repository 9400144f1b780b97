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

export interface Metrics {
  /** GraphQL operations over HTTP (queries, mutations, SSE subscriptions). */
  graphql: OperationCounter;
  /** Subscriptions started over WebSocket (graphql-ws). */
  subscriptions: OperationCounter;
}

export function createMetrics(): Metrics {
  return { graphql: new OperationCounter(), subscriptions: new OperationCounter() };
}
