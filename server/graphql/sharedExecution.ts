import {
  getOperationAST,
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  type GraphQLSchema,
} from 'graphql';
// From graphql's CommonJS files, the copy that builds the schema (Yoga's createSchema) wherever the server runs: the
// schema is checked with instanceof, and the package's ESM entry is another copy under Vitest (sharedSubscriptions.ts).
import { createSourceEventStream } from 'graphql/execution/subscribe.js';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import { createGraphQLError, isAsyncIterable, type Plugin } from 'graphql-yoga';
import { isSharedOperation } from './sharedSubscriptions';

type SubscribeFn = (args: ExecutionArgs) => unknown;

/**
 * The events of the shared subscriptions (sharedSubscriptions.ts: marketDataUpdates, one upstream per distinct
 * operation, each event executed once per market tick whatever the number of subscribers) are executed by a
 * function graphql-jit compiles from the operation once, which builds the event's result directly, where
 * graphql-js's executor collects the fields and builds a resolve info, arguments and a path for every field of every
 * event. It runs inside Yoga's envelop like every other operation: same schema, parsing, validation, context,
 * plugins and masking of errors; every other operation keeps the usual executor.
 *
 * Only the execution of each event changes. The subscription is opened by graphql-js's createSourceEventStream (the
 * field's subscribe resolver, with its arguments and the caller's context); an operation graphql-jit cannot compile,
 * and one whose opening does not give a stream (its variables or its resolver fail, or it throws), is handed to the usual subscribe,
 * so that its answer (errors included) is exactly the usual one. A failing upstream ends the stream with the error
 * wrapped as the usual executor wraps it.
 */
export function sharedExecutionPlugin(): Plugin {
  // Per document (Yoga's parser cache gives one per text), per operation name.
  const compiled = new WeakMap<
    DocumentNode,
    { schema: GraphQLSchema; queries: Map<string, CompiledQuery | undefined> }
  >();
  const compile = ({ schema, document, operationName }: ExecutionArgs) => {
    let entry = compiled.get(document);
    if (entry?.schema !== schema) compiled.set(document, (entry = { schema, queries: new Map() }));
    const name = operationName ?? '';
    if (!entry.queries.has(name)) {
      const result = compileQuery(schema, document, operationName ?? undefined);
      entry.queries.set(name, isCompiledQuery(result) ? result : undefined);
    }
    return entry.queries.get(name);
  };

  const subscribeCompiled =
    (usual: SubscribeFn, query: CompiledQuery): SubscribeFn =>
    async (args) => {
      let source: Awaited<ReturnType<typeof createSourceEventStream>>;
      try {
        source = await createSourceEventStream(args);
      } catch {
        return usual(args);
      }
      if (!isAsyncIterable(source)) return usual(args);
      const operation = getOperationAST(args.document, args.operationName);
      return mapEvents(
        source[Symbol.asyncIterator](),
        (event) => query.query(event, args.contextValue, args.variableValues),
        (error) =>
          createGraphQLError(error instanceof Error ? error.message : String(error), {
            originalError: error instanceof Error ? error : undefined,
            nodes: operation ? [operation] : undefined,
          }),
      );
    };

  return {
    onSubscribe({ args, subscribeFn, setSubscribeFn }) {
      if (!isSharedOperation(args.document, args.operationName)) return;
      const query = compile(args);
      if (query) setSubscribeFn(subscribeCompiled(subscribeFn as SubscribeFn, query) as typeof subscribeFn);
    },
  };
}

/** `source`'s events, each as `execute` makes it; an error of the source ends the stream with `wrap(error)`. */
export function mapEvents<T>(
  source: AsyncIterator<T>,
  execute: (event: T) => ExecutionResult | Promise<ExecutionResult>,
  wrap: (error: unknown) => unknown,
): AsyncIterableIterator<ExecutionResult> {
  return {
    async next() {
      let step: IteratorResult<T>;
      try {
        step = await source.next();
      } catch (error) {
        throw wrap(error);
      }
      return step.done ? { value: undefined, done: true } : { value: await execute(step.value), done: false };
    },
    async return() {
      await source.return?.();
      return { value: undefined, done: true };
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}
