// The account the perf scripts measure: a watchlist of 20 symbols and a one-share position in each of them,
// so the Dashboard and Portfolio show (and stream quotes for) 20 live symbols.
export const PERF_SYMBOLS = [
  'AAPL',
  'MSFT',
  'NVDA',
  'AVGO',
  'ORCL',
  'CRM',
  'ADBE',
  'AMD',
  'INTC',
  'CSCO',
  'QCOM',
  'IBM',
  'TXN',
  'GOOGL',
  'META',
  'NFLX',
  'DIS',
  'AMZN',
  'TSLA',
  'JPM',
] as const;

const TOKEN = 'single-user-default-token';

async function gql(baseUrl: string, query: string, variables: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${TOKEN}`,
      'idempotency-key': crypto.randomUUID(),
    },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { errors?: { message: string }[] };
  if (!response.ok || body.errors) throw new Error(`seed failed: ${JSON.stringify(body.errors ?? response.status)}`);
}

/** Creates the watchlist and buys one share of each symbol (market orders, filled at once: the market is open). */
export async function seedAccount(baseUrl: string, options: { positions: boolean } = { positions: true }) {
  await gql(
    baseUrl,
    'mutation W($name: String!, $symbols: [String!]) { createWatchlist(name: $name, symbols: $symbols) { id } }',
    {
      name: 'Perf 20',
      symbols: PERF_SYMBOLS,
    },
  );
  if (!options.positions) return;
  for (const symbol of PERF_SYMBOLS) {
    await gql(baseUrl, 'mutation P($input: PlaceOrderInput!) { placeOrder(input: $input) { id } }', {
      input: { symbol, side: 'BUY', type: 'MARKET', quantity: 1, clientOrderId: `perf-${symbol}` },
    });
  }
}
