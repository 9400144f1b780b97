import { z } from 'zod';
import type { NotificationSettings } from './services/notifications';

/** A bad environment variable; `message` is one line naming the variable and the reason. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

export type AuthMode = 'single' | 'otp';
export type NodeEnv = 'development' | 'production' | 'test';
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/** Server configuration, read once at start from the environment (see ENV_VARIABLES). */
export interface Config {
  /** PORT */
  port: number;
  /** HOST */
  host: string;
  /** DATA_DIR: PGlite lives in `<dataDir>/pglite`; `memory://` keeps it in memory. */
  dataDir: string;
  /** DATABASE_URL: when set, PostgreSQL is used instead of PGlite. */
  databaseUrl: string | undefined;
  /** AUTH_MODE */
  authMode: AuthMode;
  /** NODE_ENV */
  nodeEnv: NodeEnv;
  /** LOG_LEVEL */
  logLevel: LogLevel;
  /** SINGLE_USER_EMAIL */
  singleUserEmail: string;
  /** ERROR_REPORT_URL + ERROR_REPORT_KEY, or null when client error reports are not forwarded. */
  errorReport: { url: string; key: string } | null;
  /** STATIC_DIR */
  staticDir: string;
  /** MARKET_SEED: seed of the simulated market (same seed and start time, same history and quotes). */
  marketSeed: string;
  /** MARKET_HOURS: `regular` (9:30-16:00 ET on trading days) or `always` (the simulated market never closes). */
  marketHours: MarketHours;
  /** MARKET_PROVIDER + ALPACA_*: where quotes and candles come from. */
  marketProvider: MarketProviderConfig;
  /** LLM_BASE_URL + LLM_MODEL (+ LLM_API_KEY): an OpenAI-compatible Chat Completions endpoint, or null for the built-in assistant. */
  llm: { baseUrl: string; model: string; apiKey: string | undefined } | null;
  /** PAPER_STARTING_CASH, PAPER_COMMISSION, PAPER_FRACTIONAL: the paper broker's account settings, in cents. */
  paper: PaperSettings;
  /** SMTP_URL + MAIL_FROM and TWILIO_*: how sign-in codes and notifications are delivered (null: development log). */
  notifications: NotificationSettings;
}

export interface PaperSettings {
  /** Cash of a new paper account, in cents. */
  startingCashCents: number;
  /** Commission per order (charged with its first fill), in cents. */
  commissionCents: number;
  /** Whether fractional share quantities (up to 6 decimals) are accepted. */
  fractional: boolean;
}

export type MarketHours = 'regular' | 'always';

/** The embedded simulator, or Alpaca market data (REST + WebSocket stream) with its keys and endpoints. */
export type MarketProviderConfig =
  { kind: 'simulator' } | { kind: 'alpaca'; keyId: string; secretKey: string; dataUrl: string; streamUrl: string };

/** Value of DATA_DIR that keeps the embedded database in memory (tests). */
export const IN_MEMORY_DATA_DIR = 'memory://';

const DEFAULTS = {
  PORT: '3000',
  HOST: 'localhost',
  DATA_DIR: './data',
  AUTH_MODE: 'single',
  NODE_ENV: 'development',
  LOG_LEVEL: 'info',
  SINGLE_USER_EMAIL: 'trader@localhost',
  STATIC_DIR: './dist',
  MARKET_SEED: 'ai-trading',
  MARKET_HOURS: 'regular',
  MARKET_PROVIDER: 'simulator',
  ALPACA_DATA_URL: 'https://data.alpaca.markets',
  ALPACA_STREAM_URL: 'wss://stream.data.alpaca.markets/v2/iex',
  PAPER_STARTING_CASH: '100000',
  PAPER_COMMISSION: '0',
  PAPER_FRACTIONAL: 'false',
  MAIL_FROM: 'AI Trading <no-reply@localhost>',
  TWILIO_BASE_URL: 'https://api.twilio.com',
} as const;

export interface EnvVariable {
  name: string;
  /** Value used when the variable is unset or empty; undefined when it has none. */
  default: string | undefined;
  description: string;
}

/** Every environment variable the server reads, with its default (the README's configuration table). */
export const ENV_VARIABLES: readonly EnvVariable[] = [
  { name: 'PORT', default: DEFAULTS.PORT, description: 'TCP port to listen on (0 picks a free port).' },
  {
    name: 'HOST',
    default: DEFAULTS.HOST,
    description: 'Interface to listen on; `0.0.0.0` to accept connections from other machines.',
  },
  {
    name: 'DATA_DIR',
    default: DEFAULTS.DATA_DIR,
    description: `Directory of the embedded PGlite database (kept in \`DATA_DIR/pglite\`); \`${IN_MEMORY_DATA_DIR}\` keeps it in memory. Ignored when DATABASE_URL is set.`,
  },
  {
    name: 'DATABASE_URL',
    default: undefined,
    description: '`postgres://user:password@host:port/db`: use this PostgreSQL database instead of PGlite.',
  },
  {
    name: 'AUTH_MODE',
    default: DEFAULTS.AUTH_MODE,
    description:
      '`single`: one default user, signed in with the built-in single-user token. `otp`: users sign in with a one-time code; the single-user token is refused.',
  },
  {
    name: 'NODE_ENV',
    default: DEFAULTS.NODE_ENV,
    description: '`development`, `production` or `test`. Production turns GraphiQL off and logs JSON only.',
  },
  {
    name: 'LOG_LEVEL',
    default: DEFAULTS.LOG_LEVEL,
    description: 'pino log level: `fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`.',
  },
  {
    name: 'SINGLE_USER_EMAIL',
    default: DEFAULTS.SINGLE_USER_EMAIL,
    description: 'E-mail address of the default user in single-user mode.',
  },
  {
    name: 'ERROR_REPORT_URL',
    default: undefined,
    description:
      'http(s) endpoint that receives client error reports (POSTed by the server to it as JSON). Set together with ERROR_REPORT_KEY; unset means reports are dropped.',
  },
  {
    name: 'ERROR_REPORT_KEY',
    default: undefined,
    description:
      'Bearer key the server sends to ERROR_REPORT_URL (`Authorization: Bearer <key>`); it never reaches the browser.',
  },
  {
    name: 'STATIC_DIR',
    default: DEFAULTS.STATIC_DIR,
    description: 'Directory of the built PWA (`npm run build` writes `dist`).',
  },
  {
    name: 'MARKET_SEED',
    default: DEFAULTS.MARKET_SEED,
    description: 'Seed of the simulated market: the same seed gives the same price history and quotes.',
  },
  {
    name: 'MARKET_HOURS',
    default: DEFAULTS.MARKET_HOURS,
    description:
      '`regular`: the simulated market trades 9:30-16:00 ET on trading days. `always`: it never closes (demos, tests).',
  },
  {
    name: 'MARKET_PROVIDER',
    default: DEFAULTS.MARKET_PROVIDER,
    description:
      '`simulator`: the embedded seeded market. `alpaca`: Alpaca market data (REST bars and snapshots, WebSocket stream); needs ALPACA_KEY_ID and ALPACA_SECRET_KEY.',
  },
  {
    name: 'ALPACA_KEY_ID',
    default: undefined,
    description: 'Alpaca API key id (sent as APCA-API-KEY-ID) when MARKET_PROVIDER=alpaca.',
  },
  {
    name: 'ALPACA_SECRET_KEY',
    default: undefined,
    description:
      'Alpaca API secret key (sent as APCA-API-SECRET-KEY) when MARKET_PROVIDER=alpaca; never sent to the browser.',
  },
  {
    name: 'ALPACA_DATA_URL',
    default: DEFAULTS.ALPACA_DATA_URL,
    description: 'Alpaca Market Data REST base URL.',
  },
  {
    name: 'ALPACA_STREAM_URL',
    default: DEFAULTS.ALPACA_STREAM_URL,
    description: 'Alpaca real-time stock data WebSocket URL (`/v2/iex` for the free feed, `/v2/sip` for the full one).',
  },
  {
    name: 'PAPER_STARTING_CASH',
    default: DEFAULTS.PAPER_STARTING_CASH,
    description: 'Cash (dollars, up to 2 decimals) a new paper trading account starts with.',
  },
  {
    name: 'PAPER_COMMISSION',
    default: DEFAULTS.PAPER_COMMISSION,
    description: 'Commission in dollars per paper order, charged with its first fill (0: commission-free).',
  },
  {
    name: 'PAPER_FRACTIONAL',
    default: DEFAULTS.PAPER_FRACTIONAL,
    description: '`true`: paper orders may be for fractional shares (up to 6 decimals). `false`: whole shares only.',
  },
  {
    name: 'LLM_BASE_URL',
    default: undefined,
    description:
      'OpenAI-compatible Chat Completions API base URL (e.g. `https://api.openai.com/v1`, Ollama `http://localhost:11434/v1`). Set with LLM_MODEL; unset: the built-in rule-based assistant answers.',
  },
  {
    name: 'LLM_MODEL',
    default: undefined,
    description: 'Model name sent to LLM_BASE_URL, e.g. `gpt-4o-mini` or `llama3.1`.',
  },
  {
    name: 'LLM_API_KEY',
    default: undefined,
    description: 'Bearer key for LLM_BASE_URL (local servers usually need none); never sent to the browser.',
  },
  {
    name: 'SMTP_URL',
    default: undefined,
    description:
      'SMTP server for e-mail (sign-in codes, alert notifications), e.g. `smtps://user:pass@smtp.example.com:465`. Unset: e-mails go to the server log (development only).',
  },
  { name: 'MAIL_FROM', default: DEFAULTS.MAIL_FROM, description: 'Sender of the e-mails.' },
  {
    name: 'TWILIO_ACCOUNT_SID',
    default: undefined,
    description:
      'Twilio account for SMS sign-in codes; set with TWILIO_AUTH_TOKEN and TWILIO_FROM. Unset: SMS go to the server log (development only).',
  },
  { name: 'TWILIO_AUTH_TOKEN', default: undefined, description: 'Twilio auth token (secret).' },
  { name: 'TWILIO_FROM', default: undefined, description: 'Twilio sender number (E.164) or messaging service.' },
  {
    name: 'TWILIO_BASE_URL',
    default: DEFAULTS.TWILIO_BASE_URL,
    description: 'Twilio REST API base URL (tests point it at a local server).',
  },
];

const PORT_RULE = 'expected an integer 0-65535';

const envSchema = z.object({
  PORT: z
    .string()
    .regex(/^\d{1,5}$/, PORT_RULE)
    .transform(Number)
    .refine((port) => port <= 65535, PORT_RULE),
  HOST: z.string(),
  DATA_DIR: z.string(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'expected a postgres:// or postgresql:// URL')
    .refine((url) => URL.canParse(url), 'expected a valid URL')
    .optional(),
  AUTH_MODE: z.enum(['single', 'otp'], 'expected "single" or "otp"'),
  NODE_ENV: z.enum(['development', 'production', 'test'], 'expected "development", "production" or "test"'),
  LOG_LEVEL: z.enum(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
    'expected one of fatal, error, warn, info, debug, trace, silent',
  ),
  SINGLE_USER_EMAIL: z.email({ pattern: z.regexes.html5Email, error: 'expected an e-mail address' }),
  ERROR_REPORT_URL: z.url({ protocol: /^https?$/, error: 'expected an http:// or https:// URL' }).optional(),
  ERROR_REPORT_KEY: z.string().optional(),
  STATIC_DIR: z.string(),
  MARKET_SEED: z.string().max(200, 'expected at most 200 characters'),
  MARKET_HOURS: z.enum(['regular', 'always'], 'expected "regular" or "always"'),
  MARKET_PROVIDER: z.enum(['simulator', 'alpaca'], 'expected "simulator" or "alpaca"'),
  ALPACA_KEY_ID: z.string().max(200).optional(),
  ALPACA_SECRET_KEY: z.string().max(200).optional(),
  ALPACA_DATA_URL: z.url({ protocol: /^https?$/, error: 'expected an http:// or https:// URL' }),
  ALPACA_STREAM_URL: z.url({ protocol: /^wss?$/, error: 'expected a ws:// or wss:// URL' }),
  PAPER_STARTING_CASH: z
    .string()
    .regex(/^\d{1,12}(\.\d{1,2})?$/, 'expected an amount of dollars, e.g. 100000 or 2500.50'),
  PAPER_COMMISSION: z.string().regex(/^\d{1,6}(\.\d{1,2})?$/, 'expected an amount of dollars, e.g. 0 or 1.50'),
  PAPER_FRACTIONAL: z.enum(['true', 'false'], 'expected "true" or "false"'),
  LLM_BASE_URL: z.url({ protocol: /^https?$/, error: 'expected an http:// or https:// URL' }).optional(),
  LLM_MODEL: z.string().max(200).optional(),
  LLM_API_KEY: z.string().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'expected an smtp:// or smtps:// URL')
    .refine((url) => URL.canParse(url), 'expected a valid URL')
    .optional(),
  MAIL_FROM: z.string().min(3),
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_FROM: z.string().optional(),
  TWILIO_BASE_URL: z.url({ protocol: /^https?$/, error: 'expected an http:// or https:// URL' }),
});

type EnvName = keyof typeof envSchema.shape;

/** Variables whose values may hold credentials: error messages never repeat them. */
const SECRET_VARIABLES: ReadonlySet<string> = new Set([
  'DATABASE_URL',
  'ERROR_REPORT_KEY',
  'LLM_API_KEY',
  'ALPACA_SECRET_KEY',
]);

/**
 * Reads and validates the server configuration from an environment (normally `process.env`).
 * Unset and empty variables take their defaults. Throws ConfigError on the first bad variable.
 */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const raw: Partial<Record<EnvName, string>> = { ...DEFAULTS };
  for (const name of Object.keys(envSchema.shape) as EnvName[]) {
    const value = env[name];
    if (value !== undefined && value !== '') raw[name] = value;
  }

  const parsed = envSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    const reason = issue?.message ?? 'invalid value';
    const got = SECRET_VARIABLES.has(name) ? '' : `, got ${JSON.stringify(raw[name as EnvName] ?? '')}`;
    throw new ConfigError(`Invalid ${name}: ${reason}${got}`);
  }

  const vars = parsed.data;
  if (Boolean(vars.ERROR_REPORT_URL) !== Boolean(vars.ERROR_REPORT_KEY)) {
    const missing = vars.ERROR_REPORT_URL ? 'ERROR_REPORT_KEY' : 'ERROR_REPORT_URL';
    const present = vars.ERROR_REPORT_URL ? 'ERROR_REPORT_URL' : 'ERROR_REPORT_KEY';
    throw new ConfigError(`Invalid ${missing}: required when ${present} is set`);
  }

  if (Boolean(vars.LLM_BASE_URL) !== Boolean(vars.LLM_MODEL)) {
    const missing = vars.LLM_BASE_URL ? 'LLM_MODEL' : 'LLM_BASE_URL';
    const present = vars.LLM_BASE_URL ? 'LLM_BASE_URL' : 'LLM_MODEL';
    throw new ConfigError(`Invalid ${missing}: required when ${present} is set`);
  }

  if (vars.MARKET_PROVIDER === 'alpaca') {
    const missing = !vars.ALPACA_KEY_ID ? 'ALPACA_KEY_ID' : !vars.ALPACA_SECRET_KEY ? 'ALPACA_SECRET_KEY' : null;
    if (missing) throw new ConfigError(`Invalid ${missing}: required when MARKET_PROVIDER is "alpaca"`);
  }

  const twilioParts = [vars.TWILIO_ACCOUNT_SID, vars.TWILIO_AUTH_TOKEN, vars.TWILIO_FROM];
  if (twilioParts.some(Boolean) && !twilioParts.every(Boolean)) {
    throw new ConfigError(
      'Invalid TWILIO_ACCOUNT_SID: TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM go together',
    );
  }
  const notifications: NotificationSettings = {
    smtp: vars.SMTP_URL ? { url: vars.SMTP_URL, from: vars.MAIL_FROM } : null,
    twilio:
      vars.TWILIO_ACCOUNT_SID && vars.TWILIO_AUTH_TOKEN && vars.TWILIO_FROM
        ? {
            accountSid: vars.TWILIO_ACCOUNT_SID,
            authToken: vars.TWILIO_AUTH_TOKEN,
            from: vars.TWILIO_FROM,
            baseUrl: vars.TWILIO_BASE_URL,
          }
        : null,
  };
  if (vars.NODE_ENV === 'production' && vars.AUTH_MODE === 'otp' && !notifications.smtp && !notifications.twilio) {
    throw new ConfigError(
      'Invalid AUTH_MODE: otp in production needs SMTP_URL or TWILIO_* to deliver sign-in codes (codes are never logged in production)',
    );
  }

  return {
    port: vars.PORT,
    host: vars.HOST,
    dataDir: vars.DATA_DIR,
    databaseUrl: vars.DATABASE_URL,
    authMode: vars.AUTH_MODE,
    nodeEnv: vars.NODE_ENV,
    logLevel: vars.LOG_LEVEL,
    singleUserEmail: vars.SINGLE_USER_EMAIL,
    errorReport:
      vars.ERROR_REPORT_URL && vars.ERROR_REPORT_KEY
        ? { url: vars.ERROR_REPORT_URL, key: vars.ERROR_REPORT_KEY }
        : null,
    staticDir: vars.STATIC_DIR,
    marketSeed: vars.MARKET_SEED,
    marketHours: vars.MARKET_HOURS,
    marketProvider:
      vars.MARKET_PROVIDER === 'alpaca' && vars.ALPACA_KEY_ID && vars.ALPACA_SECRET_KEY
        ? {
            kind: 'alpaca',
            keyId: vars.ALPACA_KEY_ID,
            secretKey: vars.ALPACA_SECRET_KEY,
            dataUrl: vars.ALPACA_DATA_URL,
            streamUrl: vars.ALPACA_STREAM_URL,
          }
        : { kind: 'simulator' },
    paper: {
      startingCashCents: Math.round(Number(vars.PAPER_STARTING_CASH) * 100),
      commissionCents: Math.round(Number(vars.PAPER_COMMISSION) * 100),
      fractional: vars.PAPER_FRACTIONAL === 'true',
    },
    llm:
      vars.LLM_BASE_URL && vars.LLM_MODEL
        ? { baseUrl: vars.LLM_BASE_URL, model: vars.LLM_MODEL, apiKey: vars.LLM_API_KEY }
        : null,
    notifications,
  };
}
