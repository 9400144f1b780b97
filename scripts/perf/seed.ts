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

/**
 * The default profile's largest position ($1,000) would refuse one share of a symbol the seeded market has taken
 * past that price by the day the scripts run: the perf account allows positions up to its whole cash.
 */
const PERF_TRADING_PARAMETERS = {
  accountSizeAllocation: 100,
  maxPositionSize: 100_000,
  dailyLossLimit: 10_000,
  riskTolerance: 'moderate',
  preferredTradingHours: 'all_hours',
  assetPreferences: ['stocks', 'etfs'],
};

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
  await gql(
    baseUrl,
    'mutation T($input: TradingParametersInput!) { updateTradingParameters(input: $input) { maxPositionSize } }',
    { input: PERF_TRADING_PARAMETERS },
  );
  for (const symbol of PERF_SYMBOLS) {
    await gql(baseUrl, 'mutation P($input: PlaceOrderInput!) { placeOrder(input: $input) { id } }', {
      input: { symbol, side: 'BUY', type: 'MARKET', quantity: 1, clientOrderId: `perf-${symbol}` },
    });
  }
}
