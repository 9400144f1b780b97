import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  Kind,
  Lexer,
  parse,
  print,
  Source,
  TokenKind,
  visit,
  type DefinitionNode,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLInputType,
  type OperationDefinitionNode,
  type TypeNode,
} from 'graphql';
import { createSchema, createYoga } from 'graphql-yoga';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { MAX_ALERTS_LIMIT } from '../services/alerts/validation';
import { MAX_CONVERSATIONS_LIMIT } from '../services/chat';
import { MAX_CANDLES, MAX_INSTRUMENTS } from '../services/market';
import { MAX_STRATEGIES_PAGE } from '../services/strategies/manage';
import { MAX_PAGE } from '../services/trading/ordersQueries';
import {
  cachedOperationCost,
  DEFAULT_LIST_SIZE,
  MAX_CACHED_DOCUMENT_LENGTH,
  MAX_COSTS_PER_DOCUMENT,
  operationCost,
  parserAndValidationCache,
  requestLimitPlugins,
} from './requestLimits';
import { createExecutableSchema } from './schema';
import { isInputObjectType, isListType, isNonNullType, namedTypeOf } from './typeKinds';
import { MAX_MULTILINE_TEXT_LENGTH } from '../../src/domain/inputRules';
import { MAX_NEWS_LIMIT } from '../services/news';
import { MAX_RECOMMENDATIONS } from '../services/recommendations';
import { ACTIVITY_CAPACITY, MAX_SCAN_LIMIT } from '../services/scanner';
import { MAX_OPPORTUNITY_LIMIT } from '../services/opportunities';
import { SAMPLE_CAPACITY } from '../services/system/sampler';

const limits = loadConfig({}).requestLimits;
const schema = createExecutableSchema();
const yoga = createYoga({ schema, plugins: requestLimitPlugins(limits), logging: false });
/** The client's operations must pass with half of each limit (aliases and directives: none at all). */
const halved = createYoga({
  schema,
  plugins: requestLimitPlugins({
    maxBodyBytes: limits.maxBodyBytes / 2,
    maxTokens: limits.maxTokens / 2,
    maxDepth: limits.maxDepth / 2,
    maxAliases: 0,
    maxDirectives: 0,
    maxCost: limits.maxCost / 2,
  }),
  logging: false,
});

/** Every operation document of the client (src/**\/*.graphql), each with the fragments it uses, as the client sends it. */
function clientOperations(): { name: string; query: string; operation: OperationDefinitionNode }[] {
  const root = fileURLToPath(new URL('../../src', import.meta.url));
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.graphql'));
  const definitions: DefinitionNode[] = files.flatMap(
    (file) => parse(readFileSync(join(root, file), 'utf8')).definitions,
  );
  const fragments = new Map(
    definitions
      .filter((definition): definition is FragmentDefinitionNode => definition.kind === Kind.FRAGMENT_DEFINITION)
      .map((fragment) => [fragment.name.value, fragment]),
  );
  const used = (node: DefinitionNode, seen = new Set<string>()): Set<string> => {
    visit(node, {
      FragmentSpread(spread) {
        if (seen.has(spread.name.value)) return;
        seen.add(spread.name.value);
        used(fragments.get(spread.name.value)!, seen);
      },
    });
    return seen;
  };
  return definitions
    .filter((definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION)
    .map((operation) => {
      const document: DocumentNode = {
        kind: Kind.DOCUMENT,
        definitions: [operation, ...[...used(operation)].map((name) => fragments.get(name)!)],
      };
      return { name: operation.name?.value ?? '(anonymous)', query: print(document), operation };
    });
}

/** The largest `limit` each list field accepts: the client never asks for more. */
const LARGEST_LIMIT: Readonly<Record<string, number>> = {
  candles: MAX_CANDLES,
  orders: MAX_PAGE,
  trades: MAX_PAGE,
  alerts: MAX_ALERTS_LIMIT,
  conversations: MAX_CONVERSATIONS_LIMIT,
  instruments: MAX_INSTRUMENTS,
  strategies: MAX_STRATEGIES_PAGE,
  news: MAX_NEWS_LIMIT,
  strategyRecommendations: MAX_RECOMMENDATIONS,
  marketScanner: MAX_SCAN_LIMIT,
  scanActivity: ACTIVITY_CAPACITY,
  opportunityAlerts: MAX_OPPORTUNITY_LIMIT,
};
/** Symbols one marketDataBatch or marketDataUpdates takes at most. */
const MOST_SYMBOLS = 100;

/** A value of `type` for a variable: the worst case for list sizes, anything valid otherwise. */
function sampleValue(type: GraphQLInputType, variable: string, operation: OperationDefinitionNode): unknown {
  if (isNonNullType(type)) return sampleValue(type.ofType, variable, operation);
  if (isListType(type))
    return Array.from({ length: MOST_SYMBOLS }, () => sampleValue(type.ofType, variable, operation));
  const named = namedTypeOf(type);
  if ('getValues' in named) return named.getValues()[0]!.value;
  if (isInputObjectType(named)) {
    return Object.fromEntries(
      Object.values(named.getFields())
        .filter((field) => isNonNullType(field.type))
        .map((field) => [field.name, sampleValue(field.type, field.name, operation)]),
    );
  }
  if (named.name === 'Int' && variable === 'limit') {
    let largest = 0;
    visit(operation, {
      Field(field) {
        if (field.arguments?.some((argument) => print(argument.value) === '$limit')) {
          largest = Math.max(largest, LARGEST_LIMIT[field.name.value] ?? 0);
        }
      },
    });
    expect(largest, `the largest limit of the field taking $limit in ${operation.name?.value}`).toBeGreaterThan(0);
    return largest;
  }
  if (named.name === 'Int' || named.name === 'Float') return 1;
  if (named.name === 'Boolean') return true;
  return 'x';
}

/** {@link sampleValue} for a variable's declared type. */
function sampleOf(type: TypeNode, variable: string, operation: OperationDefinitionNode): unknown {
  if (type.kind === Kind.NON_NULL_TYPE) return sampleOf(type.type, variable, operation);
  if (type.kind === Kind.LIST_TYPE)
    return Array.from({ length: MOST_SYMBOLS }, () => sampleOf(type.type, variable, operation));
  return sampleValue(schema.getType(type.name.value) as GraphQLInputType, variable, operation);
}

function tokens(query: string): number {
  const lexer = new Lexer(new Source(query));
  let count = 0;
  while (lexer.advance().kind !== TokenKind.EOF) count++;
  return count;
}

describe('request limits', () => {
  const operations = clientOperations();

  it('finds the client operations', () => {
    expect(operations.length).toBeGreaterThan(30);
  });

  it.each(operations)('the client operation $name passes every limit with its largest variables', (entry) => {
    const variables = Object.fromEntries(
      (entry.operation.variableDefinitions ?? []).map((definition) => [
        definition.variable.name.value,
        sampleOf(definition.type, definition.variable.name.value, entry.operation),
      ]),
    );
    const params = { query: entry.query, variables, operationName: entry.name };
    for (const server of [yoga, halved]) {
      const enveloped = server.getEnveloped({ params });
      expect(enveloped.validate(enveloped.schema, enveloped.parse(entry.query))).toEqual([]);
    }
    expect(tokens(entry.query)).toBeLessThanOrEqual(limits.maxTokens / 2);
    expect(Buffer.byteLength(JSON.stringify(params))).toBeLessThanOrEqual(limits.maxBodyBytes / 2);
  });

  it('leaves room in the body for the longest text a field takes, in 4-byte characters', () => {
    const longest = '\u{1F600}'.repeat(MAX_MULTILINE_TEXT_LENGTH);
    const body = JSON.stringify({ query: 'mutation { x }', variables: { content: longest } });
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(limits.maxBodyBytes / 2);
  });

  it('costs a list field by its limit', () => {
    const cost = (query: string) => operationCost(schema, parse(query));
    expect(cost('{ candles(symbol: "AAPL", interval: "1D", limit: 10) { time open } }')).toBe(1 + 10 * 2);
    // The schema's default limit (300) counts when none is given.
    expect(cost('{ candles(symbol: "AAPL", interval: "1D") { time } }')).toBe(1 + 300);
    expect(cost('{ marketDataBatch(symbols: ["A", "B", "C"]) { symbol price } }')).toBe(1 + 3 * 2);
  });

  it('bounds a list by its type and field: another type’s field of the same name keeps the default', () => {
    expect(operationCost(schema, parse('{ serverMetrics { samples { rss } } }'))).toBe(1 + 1 + SAMPLE_CAPACITY);
    const other = createSchema({
      typeDefs: 'type Sample { rss: Float } type Query { samples: [Sample!]! }',
      resolvers: { Query: { samples: () => [] } },
    });
    expect(operationCost(other, parse('{ samples { rss } }'))).toBe(1 + DEFAULT_LIST_SIZE);
  });

  it('keeps a cost per document and variables, the last MAX_COSTS_PER_DOCUMENT of them, and measures long ones each time', () => {
    const measured: unknown[] = [];
    const costOf = cachedOperationCost((...args) => {
      measured.push(args[2]);
      return operationCost(...args);
    });
    const document = parse('query C($limit: Int) { candles(symbol: "A", interval: "1D", limit: $limit) { time } }');
    const cost = (limit: number) => costOf(schema, document, { limit }, 'C');
    // Kept per variables: another limit is another cost.
    expect(cost(10)).toBe(1 + 10);
    expect(cost(20)).toBe(1 + 20);
    expect(cost(10)).toBe(1 + 10);
    expect(measured).toEqual([{ limit: 10 }, { limit: 20 }]);
    // Past MAX_COSTS_PER_DOCUMENT keys, the oldest is dropped for the new one.
    for (let limit = 1; limit <= MAX_COSTS_PER_DOCUMENT; limit++) cost(100 + limit);
    measured.length = 0;
    expect(cost(100 + MAX_COSTS_PER_DOCUMENT)).toBe(1 + 100 + MAX_COSTS_PER_DOCUMENT);
    expect(cost(101)).toBe(1 + 101);
    expect(measured).toEqual([]);
    expect(cost(10)).toBe(1 + 10);
    expect(cost(20)).toBe(1 + 20);
    expect(measured).toEqual([{ limit: 10 }, { limit: 20 }]);
    // Variables over 1 KiB as JSON are measured on every request.
    const long = { limit: 5, padding: 'x'.repeat(1024) };
    measured.length = 0;
    expect(costOf(schema, document, long, 'C')).toBe(1 + 5);
    expect(costOf(schema, document, long, 'C')).toBe(1 + 5);
    expect(measured).toEqual([long, long]);
  });

  it('refuses more than the budget', () => {
    const query = `{ ${Array.from({ length: 3 }, (_, i) => `c${i}: candles(symbol: "A", interval: "1D", limit: 2000) { time open high low close volume }`).join(' ')} }`;
    const enveloped = yoga.getEnveloped({ params: { query } });
    const errors = enveloped.validate(enveloped.schema, enveloped.parse(query));
    expect(errors.map((error: Error) => error.message)).toEqual([
      `Query cost ${3 * (1 + 2000 * 6)} exceeds the limit of ${limits.maxCost}.`,
    ]);
  });

  it('keeps only short documents in the parse caches (a flood of large distinct documents would fill them)', () => {
    const caches = typeof parserAndValidationCache() === 'object' ? parserAndValidationCache() : undefined;
    const cache = (caches as { errorCache: { get(key: string): unknown; set(key: string, value: unknown): void } })
      .errorCache;
    const short = 'x'.repeat(MAX_CACHED_DOCUMENT_LENGTH);
    const long = 'x'.repeat(MAX_CACHED_DOCUMENT_LENGTH + 1);
    cache.set(short, new Error('short'));
    cache.set(long, new Error('long'));
    expect(cache.get(short)).toBeInstanceOf(Error);
    expect(cache.get(long)).toBeUndefined();
  });
});
