/**
 * Request cost limits (issue 12, point 1): what one GraphQL request may ask for is refused before anything runs
 * (HTTP 400 naming the limit), floods of such requests leave the server answering, and chat messages and
 * orders count against per-user limits kept in the database.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, orders } from '../../server/db/schema';
import { createTestApp, createUserWithSession, drivers, graphql, type TestApp } from './helpers';
import { createTradingTestApp, PLACE_ORDER, type TradingTestApp } from './ordersSetup';

/** What the client sends (graphql-request): the answer is application/graphql-response+json, errors get 4xx. */
const ACCEPT = 'application/graphql-response+json, application/json';

interface Answer {
  status: number;
  body: { data?: unknown; errors?: { message: string; extensions?: Record<string, unknown> }[] };
  ms: number;
  headers: Headers;
}

describe.each(drivers)('request limits (%s)', (driver) => {
  let t: TestApp;
  let address: string;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp(driver, { env: { AUTH_MODE: 'otp' } });
    address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    token = (await createUserWithSession(t.db)).token;
  });
  afterAll(() => t.close());

  /** POSTs a raw body to /graphql over the socket, timing the answer. */
  async function post(body: string, bearer?: string): Promise<Answer> {
    const started = performance.now();
    const response = await fetch(`${address}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: ACCEPT,
        ...(bearer && { authorization: `Bearer ${bearer}` }),
      },
      body,
    });
    const parsed = (await response.json()) as Answer['body'];
    return { status: response.status, body: parsed, ms: performance.now() - started, headers: response.headers };
  }
  const query = (text: string, bearer?: string, variables?: Record<string, unknown>) =>
    post(JSON.stringify({ query: text, variables }), bearer);
  const messages = (answer: Answer) => answer.body.errors?.map((error) => error.message) ?? [];

  const aliasedLogins = (n: number) =>
    `mutation { ${Array.from({ length: n }, (_, i) => `a${i}: login(input: { email: "user${i}@example.com" }) { success }`).join(' ')} }`;

  it('refuses 10,000 aliased logins without a token at once, and health answers during a flood of them', async () => {
    // 662 KB: over the body limit (GRAPHQL_MAX_BODY_BYTES, 256 KiB), refused from its Content-Length unread.
    const flood = JSON.stringify({ query: aliasedLogins(10_000) });
    expect(flood.length).toBeGreaterThan(500_000);
    const tooLarge = (answer: Answer) => {
      expect(answer.status).toBe(413);
      expect(answer.body).toMatchObject({ error: 'payload_too_large' });
    };

    const single = await post(flood);
    tooLarge(single);

    const inFlight = Array.from({ length: 20 }, () => post(flood));
    const healthStarted = performance.now();
    const health = await fetch(`${address}/api/health`);
    const healthMs = performance.now() - healthStarted;
    const floods = await Promise.all(inFlight);

    expect(health.status).toBe(200);
    floods.forEach(tooLarge);
    const times = floods.map((answer) => answer.ms).sort((a, b) => a - b);
    console.info(
      `[${driver}] 10,000-alias login refused in ${single.ms.toFixed(1)} ms alone; under a flood of 20: ` +
        `median ${times[10]!.toFixed(1)} ms, slowest ${times.at(-1)!.toFixed(1)} ms; /api/health ${healthMs.toFixed(1)} ms`,
    );
    // Sanity bounds for a loaded CI machine (the numbers are in the log above).
    expect(single.ms).toBeLessThan(1000);
    expect(healthMs).toBeLessThan(1000);

    // Under the body limit, 3,000 aliased logins stop at the parser's token limit.
    const parsed = await post(JSON.stringify({ query: aliasedLogins(3_000) }));
    expect(parsed.status).toBe(400);
    expect(messages(parsed)).toEqual(['Syntax Error: Token limit of 1000 exceeded.']);
    // Nothing was sent: no code was created.
    expect((await query('mutation { login(input: { email: "after@example.com" }) { success } }')).body).toEqual({
      data: { login: { success: true } },
    });
  });

  it('refuses 10,000 aliased fields of a signed-in user the same way', async () => {
    const answer = await query(`{ ${Array.from({ length: 10_000 }, (_, i) => `m${i}: me { id }`).join(' ')} }`, token);
    expect(answer.status).toBe(400);
    expect(messages(answer)).toEqual(['Syntax Error: Token limit of 1000 exceeded.']);
  });

  it('refuses 5,000 nested fragments and a list nested 20,000 deep with a 400, never a stack overflow', async () => {
    const fragments = Array.from({ length: 5000 }, (_, i) => `fragment F${i} on Query { ...F${i + 1} }`).join('\n');
    const nested = await query(`{ ...F0 } ${fragments} fragment F5000 on Query { systemHealth { status } }`, token);
    expect(nested.status).toBe(400);
    expect(messages(nested)).toEqual(['Syntax Error: Token limit of 1000 exceeded.']);

    const list = `${'['.repeat(20_000)}"T"${']'.repeat(20_000)}`;
    const literal = await query(`{ marketDataBatch(symbols: ${list}) { symbol } }`, token);
    expect(literal.status).toBe(400);
    expect(messages(literal)[0]).toMatch(/^Syntax Error: /);

    // The same depth in the variables (JSON): refused by the variable's type, not by a crash.
    const variables = await post(
      `{"query":"query Q($s: [String!]!) { marketDataBatch(symbols: $s) { symbol } }","variables":{"s":${list}}}`,
      token,
    );
    expect(variables.status).toBeLessThan(500);
    expect(messages(variables)[0]).toMatch(/^Variable "\$s" got invalid value/);

    // Nesting within the limits still parses (a stack overflow would be a 500).
    const deep = await query(`{ marketDataBatch(symbols: ${'['.repeat(400)}"T"${']'.repeat(400)}) { symbol } }`, token);
    expect(deep.status).toBe(400);
    expect(messages(deep)[0]).toMatch(/String cannot represent a non string value/);
    expect((await fetch(`${address}/api/health`)).status).toBe(200);
  });

  it('limits aliases, depth and cost, naming the limit', async () => {
    const aliases = await query(
      `{ ${Array.from({ length: 21 }, (_, i) => `h${i}: systemHealth { status }`).join(' ')} }`,
      token,
    );
    expect(aliases.status).toBe(400);
    expect(messages(aliases)).toContain('Syntax Error: Aliases limit of 20 exceeded, found 21.');
    const twenty = await query(
      `{ ${Array.from({ length: 20 }, (_, i) => `h${i}: systemHealth { status }`).join(' ')} }`,
      token,
    );
    expect(twenty.status).toBe(200);

    const tooDeep = await query(`{ a { b { c { d { e { f { g { h { i { j { k { l } } } } } } } } } } } }`, token);
    expect(tooDeep.status).toBe(400);
    expect(messages(tooDeep)).toContain('Syntax Error: Query depth limit of 10 exceeded, found 12.');

    const candles = (n: number) =>
      `{ ${Array.from({ length: n }, (_, i) => `c${i}: candles(symbol: "T", interval: "1D", limit: 2000) { time open high low close volume }`).join(' ')} }`;
    const costly = await query(candles(3), token);
    expect(costly.status).toBe(400);
    expect(costly.body.errors?.[0]).toMatchObject({
      message: 'Query cost 36003 exceeds the limit of 30000.',
      extensions: { code: 'QUERY_TOO_COSTLY', cost: 36003, maxCost: 30000 },
    });
    // The cost follows the variables too (Yoga caches validation per document, not per variable).
    const byVariable = 'query C($n: Int) { candles(symbol: "T", interval: "1D", limit: $n) { time } }';
    expect((await query(byVariable, token, { n: 2000 })).status).toBe(200);
    const overBudget = `query C($n: Int) { ${Array.from({ length: 16 }, (_, i) => `c${i}: candles(symbol: "T", interval: "1D", limit: $n) { time }`).join(' ')} }`;
    expect((await query(overBudget, token, { n: 100 })).status).toBe(200);
    expect((await query(overBudget, token, { n: 2000 })).status).toBe(400);
    // Each cost is kept per document and variables: the same ones again are measured the same.
    expect((await query(overBudget, token, { n: 100 })).status).toBe(200);
    expect((await query(overBudget, token, { n: 2000 })).status).toBe(400);
  });

  it('runs exactly one public mutation field without a token', async () => {
    const two = await query(
      'mutation { a: login(input: { email: "a@example.com" }) { success } b: login(input: { email: "b@example.com" }) { success } }',
    );
    expect(two.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const mixed = await query(
      'mutation { login(input: { email: "a@example.com" }) { success } verifyOTP(input: { email: "a@example.com", code: "000000", methodId: "x" }) { success } }',
    );
    expect(mixed.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const one = await query('mutation { __typename login(input: { email: "c@example.com" }) { success } }');
    expect(one.body).toEqual({ data: { __typename: 'Mutation', login: { success: true } } });
  });
});

describe.each(drivers)('per-user rate limits (%s)', (driver) => {
  let t: TradingTestApp;
  beforeAll(async () => {
    t = await createTradingTestApp(driver, { env: { ORDERS_PER_MINUTE: '3', CHAT_MESSAGES_PER_MINUTE: '2' } });
  });
  afterAll(() => t.close());

  const limitBuy = { symbol: 'T', side: 'BUY', type: 'LIMIT', quantity: 1, price: 1, timeInForce: 'GTC' };
  const ordersStored = async () => (await t.db.select({ n: count() }).from(orders))[0]!.n;

  it('refuses the order over the limit with too_many_requests, HTTP 429 and a retry hint; a minute later it passes', async () => {
    for (let i = 0; i < 2; i++) {
      expect((await graphql(t.app, PLACE_ORDER, { variables: { input: limitBuy } })).errors).toBeUndefined();
    }
    // closePosition places an order too: it counts, and is limited like placeOrder.
    await graphql(t.app, PLACE_ORDER, {
      variables: { input: { symbol: 'T', side: 'BUY', type: 'MARKET', quantity: 1 } },
    });
    const before = await ordersStored();

    t.tick(10_000);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', authorization: 'Bearer single-user-default-token' },
      payload: { query: PLACE_ORDER, variables: { input: limitBuy } },
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('50');
    expect(refused.json().errors).toEqual([
      expect.objectContaining({
        message: 'Too many orders. Please wait 50 seconds and try again.',
        extensions: { code: 'too_many_requests', retryAfter: 50 },
      }),
    ]);
    const close = await graphql(t.app, 'mutation { closePosition(symbol: "T") { id } }');
    expect(close.errors?.[0]?.extensions).toEqual({ code: 'too_many_requests', retryAfter: 50 });
    expect(await ordersStored()).toBe(before);

    t.tick(51_000);
    expect((await graphql(t.app, PLACE_ORDER, { variables: { input: limitBuy } })).errors).toBeUndefined();
  });

  it('refuses aliased sends over the chat limit and stores only what the limit allows', async () => {
    const sends = `mutation { ${Array.from({ length: 5 }, (_, i) => `s${i}: sendChatMessage(content: "hello ${i}") { success }`).join(' ')} }`;
    const answer = await graphql(t.app, sends);
    // The third send is refused (a non-null root field: the whole answer is null, and the sends after it never run).
    expect(answer.data).toBeNull();
    expect(answer.errors).toEqual([
      expect.objectContaining({
        path: ['s2'],
        extensions: { code: 'too_many_requests', retryAfter: expect.any(Number) },
      }),
    ]);
    const retryAfter = Number((answer.errors?.[0]?.extensions as { retryAfter?: number } | undefined)?.retryAfter);
    expect(retryAfter).toBeGreaterThan(50);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(answer.errors?.[0]?.message).toBe(`Too many messages. Please wait ${retryAfter} seconds and try again.`);
    const stored = await t.db.select({ n: count() }).from(chatMessages).where(eq(chatMessages.type, 'user'));
    expect(stored[0]!.n).toBe(2);
  });
});

describe.each(drivers)('per-user rate limits under racing requests (%s)', (driver) => {
  let t: TradingTestApp;
  beforeAll(async () => {
    t = await createTradingTestApp(driver, { env: { ORDERS_PER_MINUTE: '5', CHAT_MESSAGES_PER_MINUTE: '3' } });
  });
  afterAll(() => t.close());

  it('passes exactly the limit of 30 orders and 15 chat messages sent at once', async () => {
    const limitBuy = { symbol: 'T', side: 'BUY', type: 'LIMIT', quantity: 1, price: 1, timeInForce: 'GTC' };
    const orderAnswers = await Promise.all(
      Array.from({ length: 30 }, () => graphql(t.app, PLACE_ORDER, { variables: { input: limitBuy } })),
    );
    const chatAnswers = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        graphql(t.app, `mutation { sendChatMessage(content: "race ${i}") { success } }`),
      ),
    );
    const refusedCodes = (answers: { errors?: { extensions?: { code?: unknown } }[] }[]) =>
      answers.filter((answer) => answer.errors).map((answer) => answer.errors![0]!.extensions?.code);
    expect(refusedCodes(orderAnswers)).toEqual(Array(25).fill('too_many_requests'));
    expect(refusedCodes(chatAnswers)).toEqual(Array(12).fill('too_many_requests'));
    expect((await t.db.select({ n: count() }).from(orders))[0]!.n).toBe(5);
    const messages = await t.db.select({ n: count() }).from(chatMessages).where(eq(chatMessages.type, 'user'));
    expect(messages[0]!.n).toBe(3);
  });
});
