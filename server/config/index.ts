import { availableParallelism } from 'node:os';
import type { NotificationSettings } from '../services/notifications';
import { ConfigError, readEnv, type Env } from './env';
import { normalizeHostName } from './variables';

export { ConfigError, DEFAULTS, SECRET_VARIABLES } from './env';
export { ENV_VARIABLES, IN_MEMORY_DATA_DIR, VARIABLES, type EnvVariable } from './variables';

export type AuthMode = Env['AUTH_MODE'];
export type NodeEnv = Env['NODE_ENV'];
export type LogLevel = Env['LOG_LEVEL'];
export type MarketHours = Env['MARKET_HOURS'];

/** Server configuration, read once at start from the environment (each variable is described in ./variables.ts). */
export interface Config {
  port: Env['PORT'];
  host: Env['HOST'];
  /** PUBLIC_ORIGIN: where users open the app (an origin, e.g. https://trading.example.com), if configured. */
  publicOrigin: string | undefined;
  /** ALLOWED_HOSTS with PUBLIC_ORIGIN's host and a specific HOST added: the Host names answered (server/http/hosts.ts). */
  allowedHosts: readonly string[];
  /** TRUST_PROXY, as Fastify's `trustProxy`: whose X-Forwarded-* headers are believed. */
  trustProxy: Env['TRUST_PROXY'];
  /** PGlite lives in `<dataDir>/pglite`; IN_MEMORY_DATA_DIR keeps it in memory. */
  dataDir: Env['DATA_DIR'];
  /** When set, PostgreSQL is used instead of PGlite. */
  databaseUrl: Env['DATABASE_URL'];
  /** When set, the event bus fans out across processes through this Redis (server/events.ts). */
  redisUrl: Env['REDIS_URL'];
  authMode: AuthMode;
  nodeEnv: NodeEnv;
  logLevel: LogLevel;
  /** GRAPHQL_INTROSPECTION, else on outside production: introspection and field suggestions answered. */
  introspection: boolean;
  singleUserEmail: Env['SINGLE_USER_EMAIL'];
  /** ERROR_REPORT_URL + ERROR_REPORT_KEY, or null when client error reports are not forwarded. */
  errorReport: { url: string; key: string } | null;
  staticDir: Env['STATIC_DIR'];
  marketSeed: Env['MARKET_SEED'];
  marketHours: MarketHours;
  /** MARKET_PROVIDER + ALPACA_*: where quotes and candles come from. */
  marketProvider: MarketProviderConfig;
  /** NEWS_FEEDS: RSS/Atom feed URLs whose stories join the news (server/services/news/rss.ts). */
  newsFeeds: readonly string[];
  /** LLM_BASE_URL + LLM_MODEL (+ LLM_API_KEY), or null for the built-in assistant. */
  llm: { baseUrl: string; model: string; apiKey: string | undefined } | null;
  /** PAPER_STARTING_CASH, PAPER_COMMISSION, PAPER_FRACTIONAL, in cents. */
  /** Users' broker connections: Alpaca's trading hosts and the key sealing their credentials. */
  brokers: {
    alpacaPaperUrl: string;
    alpacaLiveUrl: string;
    credentialsKey: string | undefined;
    /** ALPACA_OAUTH_*: null without a client id and secret (API keys only). */
    alpacaOAuth: { clientId: string; clientSecret: string; authorizeUrl: string; tokenUrl: string } | null;
    /** TRADIER_*: the live and sandbox API bases; `oauth` null without a client id and secret (access tokens only). */
    tradier: {
      liveUrl: string;
      sandboxUrl: string;
      oauth: { clientId: string; clientSecret: string; authorizeUrl: string; tokenUrl: string } | null;
    };
  };
  /** VAPID_*: the Web Push key pair (undefined: generated into DATA_DIR) and subject (server/services/push/vapid.ts). */
  push: { publicKey: string | undefined; privateKey: string | undefined; subject: string | undefined };
  paper: PaperSettings;
  /** SMTP_URL + MAIL_FROM and TWILIO_*: how sign-in codes and notifications are delivered (null: development log). */
  notifications: NotificationSettings;
  /** GRAPHQL_MAX_*: what one GraphQL request may ask for (server/graphql/requestLimits.ts). */
  requestLimits: RequestLimits;
  /** CHAT_MESSAGES_PER_MINUTE, ORDERS_PER_MINUTE: per-user limits (server/services/rateLimits.ts). */
  rateLimits: RateLimits;
  /** BACKTEST_WORKERS (default min(2, cores − 1), at least 1), BACKTEST_MAX_BARS and OPTIMISATION_MAX_WORK: backtest and optimisation runs (server/services/backtests). */
  backtests: BacktestSettings;
  /** WS_MAX_SOCKETS_PER_USER: open WebSockets per user on this process (server/graphql/socketSessions.ts). */
  maxSocketsPerUser: number;
}

/** What one GraphQL request may ask for: body size, tokens, depth, aliases, directives, cost. */
export interface RequestLimits {
  maxBodyBytes: number;
  maxTokens: number;
  maxDepth: number;
  maxAliases: number;
  maxDirectives: number;
  maxCost: number;
}

/** At most `limit` events per user within `windowMs`. */
export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

export interface RateLimits {
  chatMessages: RateLimitRule;
  orders: RateLimitRule;
  /** BACKTESTS_PER_HOUR: backtest runs started. */
  backtests: RateLimitRule;
  /** BROKER_CONNECTS_PER_HOUR: attempts to connect a broker with credentials (each one calls the broker). */
  brokerConnects: RateLimitRule;
}

export interface BacktestSettings {
  workers: number;
  maxTotalBars: number;
  /** OPTIMISATION_MAX_WORK: bar-evaluations one optimisation run may do. */
  maxOptimisationWork: number;
}

const MINUTE_MS = 60_000;

export interface PaperSettings {
  /** Cash of a new paper account, in cents. */
  startingCashCents: number;
  /** Commission per order (charged with its first fill), in cents. */
  commissionCents: number;
  /** Whether fractional share quantities (up to 6 decimals) are accepted. */
  fractional: boolean;
}

/** The embedded simulator, or Alpaca market data (REST + WebSocket stream) with its keys and endpoints. */
export type MarketProviderConfig =
  { kind: 'simulator' } | { kind: 'alpaca'; keyId: string; secretKey: string; dataUrl: string; streamUrl: string };

/** Addresses that mean "every interface": not a name a client puts in its Host header. */
const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '']);

/** ALLOWED_HOSTS, plus PUBLIC_ORIGIN's host and the HOST listened on when it is one address or name. */
function allowedHosts(vars: Env): readonly string[] {
  const hosts = new Set(vars.ALLOWED_HOSTS);
  if (vars.PUBLIC_ORIGIN) hosts.add(normalizeHostName(new URL(vars.PUBLIC_ORIGIN).hostname));
  const listened = normalizeHostName(vars.HOST);
  if (!WILDCARD_HOSTS.has(listened)) hosts.add(listened);
  return [...hosts];
}

/**
 * Reads and validates the server configuration from an environment (normally `process.env`).
 * Unset and empty variables take their defaults. Throws ConfigError on the first bad variable.
 */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const vars = readEnv(env);
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
    publicOrigin: vars.PUBLIC_ORIGIN,
    allowedHosts: allowedHosts(vars),
    trustProxy: vars.TRUST_PROXY,
    dataDir: vars.DATA_DIR,
    databaseUrl: vars.DATABASE_URL,
    redisUrl: vars.REDIS_URL,
    authMode: vars.AUTH_MODE,
    nodeEnv: vars.NODE_ENV,
    logLevel: vars.LOG_LEVEL,
    introspection: vars.GRAPHQL_INTROSPECTION ? vars.GRAPHQL_INTROSPECTION === 'true' : vars.NODE_ENV !== 'production',
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
    newsFeeds: vars.NEWS_FEEDS ?? [],
    brokers: {
      alpacaPaperUrl: vars.ALPACA_TRADING_PAPER_URL,
      alpacaLiveUrl: vars.ALPACA_TRADING_LIVE_URL,
      credentialsKey: vars.CREDENTIALS_KEY,
      alpacaOAuth:
        vars.ALPACA_OAUTH_CLIENT_ID && vars.ALPACA_OAUTH_CLIENT_SECRET
          ? {
              clientId: vars.ALPACA_OAUTH_CLIENT_ID,
              clientSecret: vars.ALPACA_OAUTH_CLIENT_SECRET,
              authorizeUrl: vars.ALPACA_OAUTH_AUTHORIZE_URL,
              tokenUrl: vars.ALPACA_OAUTH_TOKEN_URL,
            }
          : null,
      tradier: {
        liveUrl: vars.TRADIER_LIVE_URL,
        sandboxUrl: vars.TRADIER_SANDBOX_URL,
        oauth:
          vars.TRADIER_OAUTH_CLIENT_ID && vars.TRADIER_OAUTH_CLIENT_SECRET
            ? {
                clientId: vars.TRADIER_OAUTH_CLIENT_ID,
                clientSecret: vars.TRADIER_OAUTH_CLIENT_SECRET,
                authorizeUrl: vars.TRADIER_OAUTH_AUTHORIZE_URL,
                tokenUrl: vars.TRADIER_OAUTH_TOKEN_URL,
              }
            : null,
      },
    },
    push: { publicKey: vars.VAPID_PUBLIC_KEY, privateKey: vars.VAPID_PRIVATE_KEY, subject: vars.VAPID_SUBJECT },
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
    requestLimits: {
      maxBodyBytes: vars.GRAPHQL_MAX_BODY_BYTES,
      maxTokens: vars.GRAPHQL_MAX_TOKENS,
      maxDepth: vars.GRAPHQL_MAX_DEPTH,
      maxAliases: vars.GRAPHQL_MAX_ALIASES,
      maxDirectives: vars.GRAPHQL_MAX_DIRECTIVES,
      maxCost: vars.GRAPHQL_MAX_COST,
    },
    maxSocketsPerUser: vars.WS_MAX_SOCKETS_PER_USER,
    rateLimits: {
      chatMessages: { limit: vars.CHAT_MESSAGES_PER_MINUTE, windowMs: MINUTE_MS },
      orders: { limit: vars.ORDERS_PER_MINUTE, windowMs: MINUTE_MS },
      backtests: { limit: vars.BACKTESTS_PER_HOUR, windowMs: 60 * MINUTE_MS },
      brokerConnects: { limit: vars.BROKER_CONNECTS_PER_HOUR, windowMs: 60 * MINUTE_MS },
    },
    backtests: {
      workers: vars.BACKTEST_WORKERS ?? Math.max(1, Math.min(2, availableParallelism() - 1)),
      maxTotalBars: vars.BACKTEST_MAX_BARS,
      maxOptimisationWork: vars.OPTIMISATION_MAX_WORK,
    },
  };
}
