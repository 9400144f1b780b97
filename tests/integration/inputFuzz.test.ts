/**
 * Input hygiene (issue 12, point 4): every mutation of the schema, enumerated from it (a new mutation is covered
 * without touching this file), gets hostile values in each of its arguments and input fields in turn: control
 * characters, 100,000 characters of text (a megabyte is refused whole by the body limit, below), numbers beyond
 * every bound, number-like strings, huge integers and deeply nested lists. Each must be refused with a clear error naming the argument (never an internal error, never the value
 * echoed), nothing may be written, and the server must answer normally afterwards.
 */
import { randomUUID } from 'node:crypto';
import { count, getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { GraphQLArgument, GraphQLInputField, GraphQLInputType, GraphQLNamedType } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as tables from '../../server/db/schema';
import { createExecutableSchema } from '../../server/graphql/schema';
import {
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  namedTypeOf,
} from '../../server/graphql/typeKinds';
import { SINGLE_USER_TOKEN } from '../../src/domain/constants';
import { ORDER_ERROR_TEXTS } from '../../src/domain/trading/orderErrors';
import { createTestApp, drivers, graphql, type TestApp } from './helpers';

const schema = createExecutableSchema();
const mutationType = schema.getMutationType()!;

/** Values that make the rest of an input plausible, so that the hostile value is what gets refused. */
const PLAUSIBLE: Readonly<Record<string, unknown>> = {
  symbol: 'T',
  email: 'fuzz@example.com',
  phoneNumber: '(555) 123-4567',
  code: '123456',
  content: 'hello',
  name: 'fuzz.txt',
  title: 'fuzz',
  message: 'fuzz',
  type: 'STOP_LIMIT',
  side: 'SELL',
  timeInForce: 'GTC',
  quantity: 1,
  price: 100,
  stopPrice: 100,
  triggerPrice: 100,
  percentage: 50,
};

/** A plausible value of `type` for the argument or field `name` (every input field filled in). */
function plausible(type: GraphQLInputType, name: string): unknown {
  if (isNonNullType(type)) return plausible(type.ofType, name);
  if (isListType(type)) return [plausible(type.ofType, name)];
  if (isInputObjectType(type)) {
    return Object.fromEntries(
      Object.values(type.getFields()).map((field) => [field.name, plausible(field.type, field.name)]),
    );
  }
  const named = type as GraphQLNamedType;
  if ('getValues' in named) {
    const values = named.getValues().map((value) => value.value as string);
    return values.includes(PLAUSIBLE[name] as string) ? PLAUSIBLE[name] : values[0];
  }
  if (name in PLAUSIBLE) return PLAUSIBLE[name];
  switch (named.name) {
    case 'ID':
      return randomUUID();
    case 'Int':
      return 1;
    case 'Float':
      return 1;
    case 'Boolean':
      return true;
    default:
      return 'fuzz';
  }
}

/** One place a value goes: an argument, or a field inside one (`input.attachments.0.name`). */
interface Leaf {
  path: (string | number)[];
  type: GraphQLInputType;
  isList: boolean;
}

function leavesOf(definition: GraphQLArgument | GraphQLInputField, path: (string | number)[], seen: string[]): Leaf[] {
  const named = namedTypeOf(definition.type);
  let type: GraphQLInputType = definition.type;
  if (isNonNullType(type)) type = type.ofType;
  const isList = isListType(type);
  const itemPath = isList ? [...path, 0] : path;
  if (isInputObjectType(named)) {
    if (seen.includes(named.name)) return [];
    const fields = Object.values(named.getFields()).flatMap((field) =>
      leavesOf(field, [...itemPath, field.name], [...seen, named.name]),
    );
    return isList ? [{ path, type: definition.type, isList }, ...fields] : fields;
  }
  return [{ path, type: definition.type, isList }];
}

/** Over every text bound (MAX_MULTILINE_TEXT_LENGTH), under the body limit: refused by the rules, naming the field. */
const LONG_TEXT = 'x'.repeat(100_000);
const DEEP_MARKER = '__deeply_nested_list__';
const DEEP_LIST = `${'['.repeat(20_000)}"T"${']'.repeat(20_000)}`;

/** The hostile values for a leaf of this type. */
function hostileValues(leaf: Leaf): { label: string; value: unknown }[] {
  const named = namedTypeOf(leaf.type);
  const values: { label: string; value: unknown }[] = [];
  if (leaf.isList) values.push({ label: 'a list nested 20,000 deep', value: DEEP_MARKER });
  if (isInputObjectType(named)) return values;
  const scalar = leaf.isList ? (value: unknown) => [value] : (value: unknown) => value;
  if ('getValues' in named) return [...values, { label: 'an unknown enum value', value: scalar('NOPE\u0000') }];
  switch (named.name) {
    case 'String':
    case 'ID':
      return [
        ...values,
        { label: 'a NUL byte', value: scalar('a\u0000b') },
        { label: 'a bell', value: scalar('a\u0007b') },
        { label: 'an escape', value: scalar('\u001b[31mred') },
        { label: 'a DEL', value: scalar('a\u007fb') },
        { label: 'a C1 control', value: scalar('a\u0085b') },
        { label: 'a lone surrogate', value: scalar('a\ud800b') },
        { label: '100,000 characters of text', value: scalar(LONG_TEXT) },
      ];
    case 'Float':
      return [
        ...values,
        { label: '1e17', value: scalar(1e17) },
        { label: '1e300', value: scalar(1e300) },
        { label: '2^53 + 2', value: scalar(2 ** 53 + 2) },
        { label: '-0', value: scalar(-0) },
        { label: '"NaN"', value: scalar('NaN') },
        { label: '"Infinity"', value: scalar('Infinity') },
        { label: '"1e999"', value: scalar('1e999') },
      ];
    case 'Int':
      return [
        ...values,
        { label: '2^31', value: scalar(2 ** 31) },
        { label: '1e300', value: scalar(1e300) },
        { label: '"NaN"', value: scalar('NaN') },
      ];
    default:
      return values;
  }
}

function withValueAt(target: Record<string, unknown>, path: (string | number)[], value: unknown) {
  let node: Record<string | number, unknown> = target;
  path.slice(0, -1).forEach((key, index) => {
    const next = node[key];
    const list = Array.isArray(next) || (next === undefined && typeof path[index + 1] === 'number');
    node[key] = list ? [...((next as unknown[] | undefined) ?? [])] : { ...(next as object) };
    node = node[key] as Record<string | number, unknown>;
  });
  node[path.at(-1)!] = value;
}

interface Case {
  mutation: string;
  leaf: string;
  label: string;
  body: string;
  /** The argument the value went to and the path inside it, as messages name them. */
  argument: string;
  path: string;
  value: unknown;
}

function casesOf(mutation: string): Case[] {
  const field = mutationType.getFields()[mutation]!;
  if (field.args.length === 0) return [];
  const variables = field.args.map((arg) => `$${arg.name}: ${String(arg.type)}`).join(', ');
  const call = field.args.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
  const selection = isObjectType(namedTypeOf(field.type)) ? ' { __typename }' : '';
  const query = `mutation Fuzz(${variables}) { ${mutation}(${call})${selection} }`;
  const baseline = Object.fromEntries(
    field.args.filter((arg) => isNonNullType(arg.type)).map((arg) => [arg.name, plausible(arg.type, arg.name)]),
  );
  return field.args.flatMap((arg) =>
    leavesOf(arg, [arg.name], []).flatMap((leaf) =>
      hostileValues(leaf).map(({ label, value }) => {
        const input = structuredClone(baseline);
        if (!(arg.name in input)) input[arg.name] = plausible(arg.type, arg.name);
        withValueAt(input, leaf.path, value);
        const body = JSON.stringify({ query, variables: input }).replace(`"${DEEP_MARKER}"`, DEEP_LIST);
        const path = leaf.path.join('.');
        return { mutation, leaf: path, label, body, argument: arg.name, path, value };
      }),
    ),
  );
}

const ORDER_CODES = new Set(Object.keys(ORDER_ERROR_TEXTS));

describe.each(drivers)('hostile input to every mutation (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { env: { MARKET_HOURS: 'always' } });
  });
  afterAll(() => t.close());

  const allTables = (Object.values(tables) as unknown[]).filter((value): value is PgTable => is(value, PgTable));
  async function rowCounts(): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const table of allTables) counts[getTableName(table)] = (await t.db.select({ n: count() }).from(table))[0]!.n;
    return counts;
  }

  const mutations = Object.keys(mutationType.getFields()).filter((name) => casesOf(name).length > 0);

  it('enumerates the schema’s mutations', () => {
    expect(mutations).toEqual(expect.arrayContaining(['placeOrder', 'sendChatMessage', 'createWatchlist', 'login']));
    expect(mutations.length).toBeGreaterThan(20);
    console.info(`[${driver}] ${mutations.flatMap(casesOf).length} hostile requests to ${mutations.length} mutations`);
  });

  it.each(mutations)('%s refuses every hostile value, naming the argument, and writes nothing', async (mutation) => {
    const before = await rowCounts();
    for (const fuzz of casesOf(mutation)) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: {
          'content-type': 'application/json',
          accept: 'application/graphql-response+json, application/json',
          authorization: `Bearer ${SINGLE_USER_TOKEN}`,
        },
        payload: fuzz.body,
      });
      const where = `${mutation} ${fuzz.leaf} ← ${fuzz.label}: ${response.body.slice(0, 300)}`;
      expect(response.statusCode, where).toBeLessThan(500);
      // The value is never echoed back whole.
      expect(response.body.length, where).toBeLessThan(5_000);
      const answer = response.json<{
        data?: Record<string, unknown> | null;
        errors?: { message: string; extensions?: { code?: string } }[];
      }>();
      expect(answer.data?.[mutation] ?? null, where).toBeNull();
      const error = answer.errors?.[0];
      expect(error, where).toBeDefined();
      const code = error!.extensions?.code;
      expect(code, where).not.toBe('INTERNAL_SERVER_ERROR');
      if (code === 'BAD_USER_INPUT' && fuzz.label === '-0') {
        // -0 is 0, a value in range: the refusal is of the rest of the plausible input (which names its fields).
        expect(error!.message, where).toMatch(/^[\w.]+: /);
      } else if (code === 'BAD_USER_INPUT') {
        // The rule set's refusals name the whole path; an area's own validation names at least the field.
        const field = String(
          fuzz.path
            .split('.')
            .filter((part) => !/^\d+$/.test(part))
            .at(-1),
        );
        expect(error!.message, where).toContain(field);
      } else if (code && ORDER_CODES.has(code)) {
        // A broker refusal of a number in range (-0 is 0): its own text.
        expect(fuzz.label, where).toBe('-0');
      } else {
        // Refused by the type system before anything ran, naming the variable (the argument).
        expect(error!.message, where).toMatch(new RegExp(`^Variable "\\$${fuzz.argument}" got invalid value`));
      }
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses a megabyte of text with 413 before reading it, and writes nothing', async () => {
    const before = await rowCounts();
    const response = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${SINGLE_USER_TOKEN}` },
      payload: JSON.stringify({
        query: 'mutation M($name: String!) { createWatchlist(name: $name) { id } }',
        variables: { name: 'x'.repeat(1_000_000) },
      }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ error: 'payload_too_large' });
    expect(response.body.length).toBeLessThan(1_000);
    expect(await rowCounts()).toEqual(before);
  });

  it('answers normally afterwards', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const me = await graphql<{ me: { id: string } }>(t.app, '{ me { id } }');
    expect(me.errors).toBeUndefined();
    const list = await graphql<{ createWatchlist: { name: string } }>(
      t.app,
      'mutation { createWatchlist(name: "Cafe\u0301 stocks") { name } }',
    );
    // Text is stored NFC-normalised.
    expect(list.data?.createWatchlist.name).toBe('Café stocks');
  });
});
