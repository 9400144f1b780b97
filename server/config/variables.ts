import { isIP } from 'node:net';
import * as z from 'zod';

/**
 * Every environment variable of the project, stated once: the server's parsing, defaults and secrets
 * (server/config/env.ts) and the README's configuration table (`npm run docs:config`) derive from this table.
 * Its order is the README's order and the order in which the server checks its variables.
 */

/** Value of DATA_DIR that keeps the embedded database in memory (tests). */
export const IN_MEMORY_DATA_DIR = 'memory://';

interface Documented {
  /** One or two sentences of markdown, as the README shows them. */
  description: string;
  /** The value may hold a credential: never logged, never repeated in an error message, never sent to the browser. */
  secret?: boolean;
}

/** A variable the server reads at start. */
export interface ServerVariable extends Documented {
  /** Value used when the variable is unset or empty; without a default the variable is optional. */
  default?: string;
  /** Validates and converts the value; its message is the reason a bad value is refused. */
  schema: z.ZodType<unknown, string>;
}

/** A variable the server never reads: the build's (`build`) or the test suites' (`tests`). */
export interface ToolVariable extends Documented {
  only: 'build' | 'tests';
  /** The value used when unset, if it is a literal. */
  default?: string;
  /** The default in words, when it is not a literal. */
  documentedDefault?: string;
}

export type Variable = ServerVariable | ToolVariable;

/** `"a" or "b"`, or `one of a, b, c, d` for longer lists. */
function listed(values: readonly string[]): string {
  if (values.length > 3) return `one of ${values.join(', ')}`;
  const quoted = values.map((value) => JSON.stringify(value));
  return `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}`;
}

/** Exactly one of `values`; a bad value is refused with the list. */
function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, `expected ${listed(values)}`);
}

/** `a`, `b` or `c` as markdown code. */
function codeList(values: readonly string[]): string {
  const code = values.map((value) => `\`${value}\``);
  return `${code.slice(0, -1).join(', ')} or ${code.at(-1)}`;
}

function httpUrl() {
  return z.url({ protocol: /^https?$/, error: 'expected an http:// or https:// URL' });
}

/** A URL whose scheme matches `scheme` and which parses; `expected` names the schemes for the message. */
function urlOf(scheme: RegExp, expected: string) {
  return z
    .string()
    .regex(scheme, `expected ${expected} URL`)
    .refine((url) => URL.canParse(url), 'expected a valid URL');
}

/** Up to `digits` digits of dollars and 2 decimals. */
function dollars(digits: number, example: string) {
  return z
    .string()
    .regex(new RegExp(`^\\d{1,${digits}}(\\.\\d{1,2})?$`), `expected an amount of dollars, e.g. ${example}`);
}

/** A whole number from 1 to `max`, read as a number. */
function count(max: number) {
  const rule = `expected a whole number from 1 to ${max}`;
  return z
    .string()
    .regex(/^\d{1,9}$/, rule)
    .transform(Number)
    .refine((value) => value >= 1 && value <= max, rule);
}

/** A host name or IP address as the Host header carries it: lower case, IPv6 without brackets, no trailing dot. */
export function normalizeHostName(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');
}

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)*$/;

/** Comma-separated host names or IP addresses, normalised ({@link normalizeHostName}). */
function hostList() {
  return z
    .string()
    .transform((value) => value.split(',').map(normalizeHostName).filter(Boolean))
    .refine(
      (names) => names.every((name) => HOST_NAME.test(name) || isIP(name) !== 0),
      'expected comma-separated host names or IP addresses, e.g. localhost,trading.example.com',
    );
}

/** An IP address, or an address range in CIDR notation. */
function isAddressOrRange(value: string): boolean {
  const [address = '', bits, ...rest] = value.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

const TRUST_PROXY_RULE =
  'expected false, true, a number of proxies (1-99) or comma-separated proxy addresses/CIDR ranges';

/** `false`, `true`, a hop count or a list of trusted proxy addresses: Fastify's `trustProxy`. */
function trustProxy() {
  return z.string().transform((value, context): boolean | number | string[] => {
    if (value === 'false') return false;
    if (value === 'true') return true;
    if (/^\d{1,2}$/.test(value) && Number(value) > 0) return Number(value);
    const ranges = value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    if (ranges.length > 0 && ranges.every(isAddressOrRange)) return ranges;
    context.addIssue({ code: 'custom', message: TRUST_PROXY_RULE });
    return z.NEVER;
  });
}

const PORT_RULE = 'expected an integer 0-65535';
const NODE_ENVS = ['development', 'production', 'test'] as const;
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export const VARIABLES = {
  PORT: {
    default: '3000',
    schema: z
      .string()
      .regex(/^\d{1,5}$/, PORT_RULE)
      .transform(Number)
      .refine((port) => port <= 65535, PORT_RULE),
    description: 'TCP port to listen on (0 picks a free port).',
  },
  HOST: {
    default: 'localhost',
    schema: z.string(),
    description: 'Interface to listen on; `0.0.0.0` to accept connections from other machines.',
  },
  PUBLIC_ORIGIN: {
    schema: httpUrl()
      .refine(
        (url) => new URL(url).pathname === '/' && !new URL(url).search,
        'expected an origin, e.g. https://trading.example.com',
      )
      .transform((url) => new URL(url).origin),
    description:
      'The origin users open the app at, e.g. `https://trading.example.com` (behind a reverse proxy): its host is allowed (`ALLOWED_HOSTS`) and WebSocket connections from it are accepted.',
  },
  ALLOWED_HOSTS: {
    default: 'localhost,127.0.0.1,::1',
    schema: hostList(),
    description:
      "Comma-separated host names and addresses the server answers for; any other `Host` header gets 421, HTTP and WebSocket alike (against DNS rebinding). `PUBLIC_ORIGIN`'s host and a `HOST` other than `0.0.0.0`/`::` are added. Add the names or addresses users type to reach the server from other machines.",
  },
  TRUST_PROXY: {
    default: 'false',
    schema: trustProxy(),
    description:
      "`false`: client addresses (sign-in rate limits, logs) and the protocol come from the connection. Behind a reverse proxy: the proxy's address or CIDR range (comma-separated), or the number of proxies in front; `X-Forwarded-For`, `-Proto` and `-Host` are then read from them. `true` trusts any sender: only when nothing but the proxy can reach the server.",
  },
  DATA_DIR: {
    default: './data',
    schema: z.string(),
    description: `Directory of the embedded PGlite database (kept in \`DATA_DIR/pglite\`; not used when \`DATABASE_URL\` is set) and of the simulated market's history before today's session, \`market-history.bin\` (about 11 MB, rewritten by the first start of each session day, so a restart simulates only today's session); \`${IN_MEMORY_DATA_DIR}\` keeps the database in memory and writes no history file.`,
  },
  DATABASE_URL: {
    schema: urlOf(/^postgres(ql)?:\/\//, 'a postgres:// or postgresql://'),
    secret: true,
    description:
      '`postgres://user:password@host:port/db`: use this PostgreSQL database instead of PGlite. Migrations run on start either way.',
  },
  REDIS_URL: {
    schema: urlOf(/^rediss?:\/\//, 'a redis:// or rediss://'),
    secret: true,
    description:
      '`redis://[:password@]host:port[/db]` (`rediss://` for TLS): subscriptions and server-wide notices (a logout closing sockets and forgetting cached sessions) fan out across server processes through this Redis. Unset: events stay in this process.',
  },
  AUTH_MODE: {
    default: 'single',
    schema: oneOf(['single', 'otp']),
    description:
      '`single`: one default user, signed in with the built-in single-user token. `otp`: users sign in with a one-time code; the single-user token is refused.',
  },
  NODE_ENV: {
    default: 'development',
    schema: oneOf(NODE_ENVS),
    description: `${codeList(NODE_ENVS)} (\`npm start\` sets \`production\` when unset). Production turns GraphiQL, introspection (\`GRAPHQL_INTROSPECTION\`) and source maps off and logs JSON only.`,
  },
  GRAPHQL_INTROSPECTION: {
    schema: oneOf(['true', 'false']),
    description:
      '`true`: GraphQL introspection and "Did you mean …?" suggestions are answered. Unset: on outside production, off in production.',
  },
  LOG_LEVEL: {
    default: 'info',
    schema: oneOf(LOG_LEVELS),
    description: `pino log level: ${codeList(LOG_LEVELS)}.`,
  },
  SINGLE_USER_EMAIL: {
    default: 'trader@localhost',
    schema: z.email({ pattern: z.regexes.html5Email, error: 'expected an e-mail address' }),
    description: 'E-mail address of the default user in single-user mode.',
  },
  ERROR_REPORT_URL: {
    schema: httpUrl(),
    description:
      'http(s) endpoint the server forwards client error reports to (POST, JSON); set together with `ERROR_REPORT_KEY`. Unset: the client sends no reports.',
  },
  ERROR_REPORT_KEY: {
    schema: z.string(),
    secret: true,
    description: 'Bearer key the server sends to `ERROR_REPORT_URL` (`Authorization: Bearer <key>`).',
  },
  STATIC_DIR: {
    default: './dist',
    schema: z.string(),
    description: 'Directory of the built PWA (`npm run build` writes `dist`).',
  },
  APP_VERSION: {
    only: 'build',
    documentedDefault: 'package version + build stamp',
    description: 'the version shown in Settings, answered by the service worker and `/api/health`.',
  },
  MARKET_SEED: {
    default: 'ai-trading',
    schema: z.string().max(200, 'expected at most 200 characters'),
    description: 'Seed of the simulated market: the same seed gives the same price history and quotes.',
  },
  MARKET_HOURS: {
    default: 'regular',
    schema: oneOf(['regular', 'always']),
    description:
      '`regular`: the simulated market trades 9:30–16:00 ET on trading days. `always`: it never closes (demos, tests).',
  },
  MARKET_PROVIDER: {
    default: 'simulator',
    schema: oneOf(['simulator', 'alpaca']),
    description:
      '`simulator`: the embedded seeded market. `alpaca`: Alpaca market data (REST bars and snapshots, WebSocket stream); needs `ALPACA_KEY_ID` and `ALPACA_SECRET_KEY`.',
  },
  ALPACA_KEY_ID: {
    schema: z.string().max(200),
    description: 'Alpaca API key id (sent as `APCA-API-KEY-ID`) when `MARKET_PROVIDER=alpaca`.',
  },
  ALPACA_SECRET_KEY: {
    schema: z.string().max(200),
    secret: true,
    description: 'Alpaca API secret key (sent as `APCA-API-SECRET-KEY`) when `MARKET_PROVIDER=alpaca`.',
  },
  ALPACA_DATA_URL: {
    default: 'https://data.alpaca.markets',
    schema: httpUrl(),
    description: 'Alpaca Market Data REST base URL.',
  },
  ALPACA_STREAM_URL: {
    default: 'wss://stream.data.alpaca.markets/v2/iex',
    schema: z.url({ protocol: /^wss?$/, error: 'expected a ws:// or wss:// URL' }),
    description:
      'Alpaca real-time stock data WebSocket URL (`/v2/iex` for the free feed, `/v2/sip` for the full one); the news stream is `/v1beta1/news` on the same host (held by the leader only).',
  },
  NEWS_FEEDS: {
    schema: z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((url) => url.trim())
          .filter(Boolean),
      )
      .pipe(z.array(httpUrl()).max(50, 'at most 50 feeds')),
    description:
      'Comma-separated RSS 2.0 or Atom feed URLs (http or https) whose stories join the news, matched to symbols by ticker and company name; fetched on demand, cached 5 minutes, a feed that fails is skipped with a logged reason. Unset: news from the simulated market (and Alpaca news when `MARKET_PROVIDER=alpaca`).',
  },
  ALPACA_TRADING_PAPER_URL: {
    default: 'https://paper-api.alpaca.markets',
    schema: httpUrl(),
    description:
      "Alpaca Trading API base URL for users' paper accounts (their own keys or OAuth tokens, stored sealed; the `trade_updates` stream is at `/stream` of the same host).",
  },
  ALPACA_TRADING_LIVE_URL: {
    default: 'https://api.alpaca.markets',
    schema: httpUrl(),
    description: "Alpaca Trading API base URL for users' live accounts.",
  },
  ALPACA_OAUTH_CLIENT_ID: {
    schema: z.string().max(200),
    description:
      "Client ID of this server's Alpaca OAuth app (https://app.alpaca.markets, OAuth Apps); with `ALPACA_OAUTH_CLIENT_SECRET`, users connect Alpaca by OAuth. Unset: by API keys only (the OAuth button says so).",
  },
  ALPACA_OAUTH_CLIENT_SECRET: {
    schema: z.string().max(200),
    secret: true,
    description: 'Client secret of the Alpaca OAuth app (used only by the server, to exchange authorization codes).',
  },
  ALPACA_OAUTH_AUTHORIZE_URL: {
    default: 'https://app.alpaca.markets/oauth/authorize',
    schema: httpUrl(),
    description: "Alpaca's OAuth consent page, where users are sent to authorise this app.",
  },
  ALPACA_OAUTH_TOKEN_URL: {
    default: 'https://api.alpaca.markets/oauth/token',
    schema: httpUrl(),
    description: "Alpaca's OAuth token endpoint (authorization codes exchanged for access tokens).",
  },
  TRADIER_LIVE_URL: {
    default: 'https://api.tradier.com/v1',
    schema: httpUrl(),
    description:
      "Tradier brokerage API base URL (with its version) for users' live accounts; the account events stream's session is asked for here.",
  },
  TRADIER_SANDBOX_URL: {
    default: 'https://sandbox.tradier.com/v1',
    schema: httpUrl(),
    description:
      "Tradier sandbox API base URL for users' paper accounts (sandbox access token; the sandbox has no account stream, its orders are polled).",
  },
  TRADIER_OAUTH_CLIENT_ID: {
    schema: z.string().max(200),
    description:
      "Client ID of this server's Tradier OAuth app (a Tradier partner application); with `TRADIER_OAUTH_CLIENT_SECRET`, users connect Tradier by OAuth. Unset: by access token only (the OAuth button says so).",
  },
  TRADIER_OAUTH_CLIENT_SECRET: {
    schema: z.string().max(200),
    secret: true,
    description:
      'Client secret of the Tradier OAuth app (used only by the server, to exchange authorization codes and refresh access tokens).',
  },
  TRADIER_OAUTH_AUTHORIZE_URL: {
    default: 'https://api.tradier.com/v1/oauth/authorize',
    schema: httpUrl(),
    description: "Tradier's OAuth consent page, where users are sent to authorise this app.",
  },
  TRADIER_OAUTH_TOKEN_URL: {
    default: 'https://api.tradier.com/v1',
    schema: httpUrl(),
    description:
      "Base of Tradier's OAuth token endpoints (`/oauth/accesstoken` exchanges authorization codes, `/oauth/refreshtoken` renews access tokens).",
  },
  CREDENTIALS_KEY: {
    schema: z.string().max(200),
    secret: true,
    description:
      'Key sealing broker credentials at rest (AES-256-GCM): 32 bytes as 64 hex digits or base64 (`openssl rand -hex 32`); the same on every server sharing the database. Unset: generated once into `DATA_DIR/credentials.key` (owner-only), with a warning in production.',
  },
  VAPID_PUBLIC_KEY: {
    schema: z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, 'expected a P-256 public key, 65 bytes in base64url (87 characters)'),
    description:
      'Web Push (VAPID) public key, 65 bytes in base64url (`npx web-push generate-vapid-keys`); set with `VAPID_PRIVATE_KEY`, the same on every server sharing the database. Unset: a key pair generated once into `DATA_DIR/vapid.json` (owner-only).',
  },
  VAPID_PRIVATE_KEY: {
    schema: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'expected a P-256 private key, 32 bytes in base64url (43 characters)'),
    secret: true,
    description: 'Web Push (VAPID) private key, 32 bytes in base64url; set with `VAPID_PUBLIC_KEY`.',
  },
  VAPID_SUBJECT: {
    schema: z.string().regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'expected a mailto: address or an https: URL'),
    description:
      'Contact push services may use about this server (VAPID `sub`): a `mailto:` address or an `https:` URL. Unset: `PUBLIC_ORIGIN` when it is https, else `mailto:webpush@localhost.localdomain`.',
  },
  PAPER_STARTING_CASH: {
    default: '100000',
    schema: dollars(12, '100000 or 2500.50'),
    description: 'Cash (dollars, up to 2 decimals) a new paper trading account starts with.',
  },
  PAPER_COMMISSION: {
    default: '0',
    schema: dollars(6, '0 or 1.50'),
    description: 'Commission in dollars per paper order, charged with its first fill (0: commission-free).',
  },
  PAPER_FRACTIONAL: {
    default: 'false',
    schema: oneOf(['true', 'false']),
    description: '`true`: paper orders may be for fractional shares (up to 6 decimals). `false`: whole shares only.',
  },
  LLM_BASE_URL: {
    schema: httpUrl(),
    description:
      'OpenAI-compatible Chat Completions API base URL (e.g. `https://api.openai.com/v1`, Ollama `http://localhost:11434/v1`, llama.cpp). Set with `LLM_MODEL`.',
  },
  LLM_MODEL: {
    schema: z.string().max(200),
    description:
      'Model name sent to `LLM_BASE_URL`, e.g. `gpt-4o-mini` or `llama3.1`. Unset: the built-in rule-based assistant answers (portfolio, prices, analysis, market overview, commands).',
  },
  LLM_API_KEY: {
    schema: z.string(),
    secret: true,
    description: 'Bearer key for `LLM_BASE_URL` (local servers usually need none).',
  },
  SMTP_URL: {
    // It may carry `user:pass`: a bad value is never repeated in the error.
    secret: true,
    schema: urlOf(/^smtps?:\/\//, 'an smtp:// or smtps://'),
    description:
      'SMTP server for e-mail (sign-in codes, alert notifications), e.g. `smtps://user:pass@smtp.example.com:465`. Unset: e-mails go to the server log (development only).',
  },
  MAIL_FROM: {
    default: 'AI Trading <no-reply@localhost>',
    schema: z.string().min(3),
    description: 'Sender of the e-mails.',
  },
  TWILIO_ACCOUNT_SID: {
    schema: z.string(),
    description:
      'Twilio account for SMS sign-in codes; set with `TWILIO_AUTH_TOKEN` and `TWILIO_FROM`. Unset: SMS go to the server log (development only).',
  },
  TWILIO_AUTH_TOKEN: {
    schema: z.string(),
    secret: true,
    description: 'Twilio auth token.',
  },
  TWILIO_FROM: {
    schema: z.string(),
    description: 'Twilio sender number (E.164) or messaging service.',
  },
  TWILIO_BASE_URL: {
    default: 'https://api.twilio.com',
    schema: httpUrl(),
    description: 'Twilio REST API base URL (tests point it at a local server).',
  },
  GRAPHQL_MAX_BODY_BYTES: {
    default: '262144',
    schema: count(100 * 1024 * 1024),
    description:
      'Largest `POST /graphql` body in bytes; a larger one is refused with HTTP 413 from its Content-Length, before it is read (the largest real request, a 20,000-character chat message, is under 100 KiB).',
  },
  GRAPHQL_MAX_TOKENS: {
    default: '1000',
    schema: count(1_000_000),
    description:
      'Most tokens one GraphQL document may have; the parser stops there (this also bounds nesting). Requests over a limit get HTTP 400 naming it.',
  },
  GRAPHQL_MAX_DEPTH: {
    default: '10',
    schema: count(1000),
    description: 'Deepest nesting of fields in one GraphQL operation (fragments flattened).',
  },
  GRAPHQL_MAX_ALIASES: {
    default: '20',
    schema: count(100_000),
    description: 'Most aliased fields in one GraphQL operation.',
  },
  GRAPHQL_MAX_DIRECTIVES: {
    default: '20',
    schema: count(100_000),
    description: 'Most directives in one GraphQL operation.',
  },
  GRAPHQL_MAX_COST: {
    default: '30000',
    schema: count(1_000_000_000),
    description:
      'Largest cost of one GraphQL operation: each field costs 1 plus what it selects, once per item for a list (its `limit` argument, the length of a list argument, else 10).',
  },
  CHAT_MESSAGES_PER_MINUTE: {
    default: '60',
    schema: count(1_000_000),
    description:
      'Chat messages one user may send per minute (`sendChatMessage`, `sendMessage`); more are refused with `too_many_requests` and `extensions.retryAfter` seconds.',
  },
  ORDERS_PER_MINUTE: {
    default: '120',
    schema: count(1_000_000),
    description:
      'Orders one user may place per minute (`placeOrder`, `closePosition`); more are refused with `too_many_requests` and `extensions.retryAfter` seconds.',
  },
  BACKTESTS_PER_HOUR: {
    default: '30',
    schema: count(1_000_000),
    description:
      'Backtest runs one user may start per hour (`startBacktest`); more are refused with `too_many_requests` and `extensions.retryAfter` seconds. Apart from this, a user has at most 2 unfinished runs at a time.',
  },
  BROKER_CONNECTS_PER_HOUR: {
    default: '10',
    schema: count(1_000_000),
    description:
      'Attempts one user may make per hour to connect a broker with credentials (each is checked with the broker, so this also stops anyone using the server to try keys); more are refused with `too_many_requests` and `extensions.retryAfter` seconds.',
  },
  BACKTEST_MAX_BARS: {
    default: '126000',
    schema: count(10_000_000),
    description:
      'Most bars (symbols × daily bars in the range) one backtest may run (`startBacktest`, `evolveStrategy`); more are refused naming `symbols` or `from`. The default is 50 symbols of 2,520 bars.',
  },
  OPTIMISATION_MAX_WORK: {
    default: '200000000',
    schema: count(999_999_999),
    description:
      'Most bar-evaluations (parameter sets × bars × symbols × walk-forward windows) one optimisation run may do (`startOptimisation`); more are refused naming `parameters` (grid) or `generations` (evolutionary). The default covers 1,000 sets over 8 windows of 2 years × 20 symbols.',
  },
  BACKTEST_WORKERS: {
    documentedDefault: 'min(2, cores − 1), at least 1',
    schema: count(64),
    description:
      'Worker threads of this process running backtest runs (`startBacktest`), one symbol per task; started at the first run.',
  },
  WS_MAX_SOCKETS_PER_USER: {
    default: '20',
    schema: count(1_000_000),
    description:
      'WebSockets one user may hold open on one server process; one more is closed with 1008 (the benchmarks raise it to open thousands as one user).',
  },
  TEST_DATABASE_URL: {
    only: 'tests',
    description: 'a PostgreSQL admin URL; integration suites then run against PostgreSQL as well as PGlite.',
  },
  CHROME_PATH: {
    only: 'tests',
    default: '/usr/bin/chromium',
    description: 'the Chromium binary for e2e.',
  },
} as const satisfies Record<string, Variable>;

/** One variable of the table, as a list entry (the README's rows). */
export interface EnvVariable {
  name: string;
  /** Who reads it: the server at start, the build or only the test suites. */
  readBy: 'server' | 'build' | 'tests';
  /** Value used when the variable is unset or empty; undefined when it has none. */
  default: string | undefined;
  /** The default in words, when it is not a literal value. */
  documentedDefault: string | undefined;
  description: string;
  secret: boolean;
}

/** VARIABLES as a list, in the table's order. */
export const ENV_VARIABLES: readonly EnvVariable[] = Object.entries(VARIABLES).map(
  ([name, variable]: [string, Variable]): EnvVariable => ({
    name,
    readBy: 'only' in variable ? variable.only : 'server',
    default: variable.default,
    documentedDefault: 'documentedDefault' in variable ? variable.documentedDefault : undefined,
    description: variable.description,
    secret: variable.secret ?? false,
  }),
);
