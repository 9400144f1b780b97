import { isAsyncIterable, type Plugin } from 'graphql-yoga';
import type { OperationCounter } from '../metrics';

/**
 * Yoga plugin counting every GraphQL request answered over HTTP, and whether it failed (any error:
 * authentication, validation or execution), with its duration. A streamed (SSE) result counts as started.
 */
export function operationMetricsPlugin(counter: OperationCounter): Plugin {
  const startedAt = new WeakMap<Request, number>();
  return {
    onRequest({ request }) {
      startedAt.set(request, performance.now());
    },
    onResultProcess({ request, result }) {
      const started = startedAt.get(request);
      const duration = started === undefined ? undefined : performance.now() - started;
      for (const single of Array.isArray(result) ? result : [result]) {
        const failed = !isAsyncIterable(single) && (single.errors?.length ?? 0) > 0;
        counter.record(failed, duration);
      }
    },
  };
}
