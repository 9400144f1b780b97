import { maxAliasesPlugin } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthPlugin } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesPlugin } from '@escape.tech/graphql-armor-max-directives';
import { maxTokensPlugin } from '@escape.tech/graphql-armor-max-tokens';
import type { DocumentNode, GraphQLError, GraphQLSchema, ValidationContext } from 'graphql';
import { getComplexity, type ComplexityEstimator } from 'graphql-query-complexity';
import {
  _createLRUCache,
  createGraphQLError,
  type GraphQLParams,
  type Plugin,
  type YogaServerOptions,
} from 'graphql-yoga';
import type { RequestLimits } from '../config';
import { MAX_REPORT_TEMPLATES } from '../services/reports/templates';
import { SAMPLE_CAPACITY } from '../services/system/sampler';
import { isGraphQLError } from './errors';
import { isListType, isNonNullType } from './typeKinds';

/**
 * What one GraphQL request may ask for (spec §6; issue 12), checked before anything runs or the user is looked
 * up, so a refused request costs a parse of at most `maxTokens` tokens and a validation:
 * - `maxTokens`: the parser stops at this many tokens (which also bounds the parser's recursion: no nesting can
 *   be deeper than the tokens allowed);
 * - `maxDepth`: fields nested in fields (fragments flattened);
 * - `maxAliases`: aliased fields in the operation (`__typename` aliases free);
 * - `maxDirectives`: directives in the operation;
 * - `maxCost`: the operation's cost ({@link operationCost}).
 * A refusal is a GraphQL error answered with HTTP 400; its message names the limit. The limits come from the
 * configuration (GRAPHQL_MAX_*, server/config/variables.ts), whose defaults are several times what the app's own
 * operations need (./requestLimits.test.ts checks every document the client sends against them).
 */
export type { RequestLimits };

/** Items a list field without a `limit` argument or a list argument is assumed to return. */
export const DEFAULT_LIST_SIZE = 10;

/**
 * List fields without a `limit` whose size is bounded otherwise, by `Type.field` (another type's field of the same
 * name is not bounded by it): the most items they return.
 */
const BOUNDED_LISTS: Readonly<Record<string, number>> = {
  'Query.reportTemplates': MAX_REPORT_TEMPLATES,
  // serverMetrics' samples: an hour of them (Memory monitoring's document costs about 5,800).
  'ServerMetrics.samples': SAMPLE_CAPACITY,
};

/**
 * Items the list field `Type.field` returns: its `limit` argument, else its bound (BOUNDED_LISTS), else the length
 * of a list argument (`symbols`), else the default.
 */
function listSize(field: string, args: Record<string, unknown>): number {
  if (typeof args.limit === 'number') return Math.max(0, args.limit);
  const bound = BOUNDED_LISTS[field];
  if (bound !== undefined) return bound;
  const list = Object.values(args).find((value) => Array.isArray(value));
  return Array.isArray(list) ? list.length : DEFAULT_LIST_SIZE;
}

/**
 * Every field costs 1 plus what it selects; a list field's selection counts once per item it may return
 * ({@link listSize}). A list of scalars costs 1. Introspection costs nothing (depth and tokens still bound it).
 */
const fieldCost: ComplexityEstimator = ({ type: parent, field, args, childComplexity }) => {
  if (field.name === '__schema' || field.name === '__type') return 0;
  const type = isNonNullType(field.type) ? field.type.ofType : field.type;
  return isListType(type) ? 1 + listSize(`${parent.name}.${field.name}`, args) * childComplexity : 1 + childComplexity;
};

/** The cost of the operation `operationName` of `document` with `variables` (throws a GraphQLError on bad variables). */
export function operationCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables?: Record<string, unknown> | null,
  operationName?: string | null,
): number {
  return getComplexity({
    schema,
    query: document,
    variables: variables ?? undefined,
    operationName: operationName ?? undefined,
    estimators: [fieldCost],
  });
}

function refusal(message: string, extensions: Record<string, unknown> = {}): GraphQLError {
  // Set after Yoga marked the validation errors as HTTP 400, so it says so itself.
  return createGraphQLError(message, {
    extensions: { code: 'QUERY_TOO_COSTLY', ...extensions, http: { status: 400 } },
  });
}

/** Costs kept per document (operation name and variables): beyond, a document's costs are computed each time. */
export const MAX_COSTS_PER_DOCUMENT = 16;
/** Longest operation name and variables (as JSON) whose cost is kept. */
const MAX_COST_KEY_LENGTH = 1024;

/**
 * The operation name and variables as a key, or undefined when they are not kept: longer than
 * MAX_COST_KEY_LENGTH, or variables JSON.stringify cannot write (nested deeper than its recursion goes).
 */
function costKey(variables?: Record<string, unknown> | null, operationName?: string | null): string | undefined {
  try {
    const key = `${operationName ?? ''}\u0000${JSON.stringify(variables ?? null)}`;
    return key.length <= MAX_COST_KEY_LENGTH ? key : undefined;
  } catch {
    return undefined;
  }
}

/**
 * {@link operationCost} (or `measure`), kept per schema, document, operation name and variables: the cost is a
 * function of these alone, and Yoga hands every request with the same text the same DocumentNode (its parse cache),
 * so the client's repeated operations (the dashboard's polls) are measured once instead of walked on every request.
 * A document keeps the costs of its last MAX_COSTS_PER_DOCUMENT keys, the oldest dropped for a new one (so one
 * client's many variables cannot take a shared document's places for good). Documents no longer cached by Yoga are
 * dropped with it (WeakMap), so the memory is bounded by Yoga's parse cache (1,024 documents, _createLRUCache's
 * default max) x MAX_COSTS_PER_DOCUMENT (16) x a key of at most MAX_COST_KEY_LENGTH (1,024) characters: ~16 million
 * characters at most. A bad operation (throwing) is not kept.
 */
export function cachedOperationCost(measure: typeof operationCost = operationCost) {
  const costs = new WeakMap<GraphQLSchema, WeakMap<DocumentNode, Map<string, number>>>();
  return (
    schema: GraphQLSchema,
    document: DocumentNode,
    variables?: Record<string, unknown> | null,
    operationName?: string | null,
  ): number => {
    const key = costKey(variables, operationName);
    if (key === undefined) return measure(schema, document, variables, operationName);
    let bySchema = costs.get(schema);
    if (!bySchema) costs.set(schema, (bySchema = new WeakMap()));
    let byDocument = bySchema.get(document);
    const known = byDocument?.get(key);
    if (known !== undefined) return known;
    const cost = measure(schema, document, variables, operationName);
    if (!byDocument) bySchema.set(document, (byDocument = new Map()));
    if (byDocument.size >= MAX_COSTS_PER_DOCUMENT) {
      // The oldest key (a Map iterates in insertion order).
      const oldest = byDocument.keys().next();
      if (!oldest.done) byDocument.delete(oldest.value);
    }
    byDocument.set(key, cost);
    return cost;
  };
}

/**
 * Refuses an operation whose cost is over `maxCost`. It runs after validation (whose results Yoga caches per
 * document, while the cost depends on the variables), on the result, for this request only.
 */
function costLimitPlugin(maxCost: number): Plugin {
  const costOf = cachedOperationCost();
  return {
    onValidate({ params: { schema, documentAST }, context }) {
      const request = (context as { params?: GraphQLParams }).params;
      return ({ result, setResult }) => {
        if (result.length > 0) return;
        let cost: number;
        try {
          cost = costOf(schema, documentAST, request?.variables, request?.operationName);
        } catch (error) {
          // Bad variables or an unknown operation: execution would refuse it too.
          setResult([isGraphQLError(error) ? error : refusal('The operation could not be measured.')]);
          return;
        }
        if (cost > maxCost) {
          setResult([refusal(`Query cost ${cost} exceeds the limit of ${maxCost}.`, { cost, maxCost })]);
        }
      };
    },
  };
}

/**
 * A document nested more deeply than the parser's recursion can follow is refused as a syntax error (HTTP 400)
 * rather than failing with "Maximum call stack size exceeded". The token limit bounds nesting already; this
 * holds whatever the stack left when parsing starts.
 */
function nestingLimitPlugin(): Plugin {
  return {
    onParse({ parseFn, setParseFn }) {
      setParseFn((source, options) => {
        try {
          return parseFn(source, options);
        } catch (error) {
          if (error instanceof RangeError) {
            throw createGraphQLError('Syntax Error: the document is nested too deeply.', {
              extensions: { code: 'GRAPHQL_PARSE_FAILED' },
            });
          }
          throw error;
        }
      });
    },
  };
}

/**
 * graphql-armor's validation rules throw their refusal by default, which Yoga answers as an execution error (HTTP
 * 200); reported to the validation context instead, it is a validation error like any other (HTTP 400).
 */
const reportedAsValidationError = {
  propagateOnRejection: false,
  onReject: [(context: ValidationContext | null, error: GraphQLError) => context?.reportError(error)],
};

/** The Yoga plugins enforcing `limits` (graphql-armor for tokens, depth, aliases and directives). */
export function requestLimitPlugins(limits: RequestLimits): Plugin[] {
  return [
    maxTokensPlugin({ n: limits.maxTokens }),
    nestingLimitPlugin(),
    maxDepthPlugin({ n: limits.maxDepth, flattenFragments: true, ...reportedAsValidationError }),
    maxAliasesPlugin({ n: limits.maxAliases, ...reportedAsValidationError }),
    maxDirectivesPlugin({ n: limits.maxDirectives, ...reportedAsValidationError }),
    costLimitPlugin(limits.maxCost),
  ] as Plugin[];
}

/** Longest document Yoga's parse cache keeps (the client's documents are under 10 KiB). */
export const MAX_CACHED_DOCUMENT_LENGTH = 16 * 1024;

interface Cache<T> {
  get(key: string): T | undefined;
  set(key: string, value: T): void;
}

/** `cache`, except that documents longer than {@link MAX_CACHED_DOCUMENT_LENGTH} are neither kept nor looked up. */
function shortDocumentsOnly<T>(cache: { get(key: string): unknown; set(key: string, value: T): unknown }): Cache<T> {
  return {
    get: (key) => (key.length > MAX_CACHED_DOCUMENT_LENGTH ? undefined : (cache.get(key) as T | undefined)),
    set: (key, value) => {
      if (key.length <= MAX_CACHED_DOCUMENT_LENGTH) cache.set(key, value);
    },
  };
}

/**
 * Yoga's parse and validation caches keyed by the document's text: left as they are, a flood of distinct large
 * documents (each refused) keeps up to 1,024 of them per cache, ~800 MB for 660 KiB documents. Only short
 * documents are cached here; a long one is parsed (up to the token limit) each time.
 */
export function parserAndValidationCache(): NonNullable<YogaServerOptions<object, object>['parserAndValidationCache']> {
  return {
    documentCache: shortDocumentsOnly<DocumentNode>(_createLRUCache<DocumentNode>()),
    errorCache: shortDocumentsOnly<object>(_createLRUCache<object>()),
    validationCache: true,
  };
}
