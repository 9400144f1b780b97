/**
 * Business constants and limits from spec §9. One module, imported by client, worker and server,
 * so every timing and limit has exactly one source.
 */

export const LOADING_SCREEN_HIDE_MS = 500;
export const LOADING_SCREEN_REMOVE_MS = 300;

export const SESSION_MAX_AGE_MS = 24 * 60 * 60 * 1000;
export const SESSION_IDLE_TIMEOUT_MS = 4 * 60 * 60 * 1000;
export const SESSION_REFRESH_NOTICE_MS = 15 * 60 * 1000;
export const SESSION_ACTIVITY_CHECK_MS = 60 * 1000;
export const SESSION_WARNING_THRESHOLD_MS = 300_000;
export const SESSION_WARNING_CHECK_MS = 30 * 1000;
export const SESSION_WARNING_COUNTDOWN_MS = 1000;
export const SESSION_WARNING_TOAST_MS = 10 * 1000;

export const TOAST_DEFAULT_DURATION_MS = 5000;

export const THEME_CHECK_INTERVAL_MS = 60 * 1000;
/** Automatic theme is light from DAY_START_HOUR:00 up to before DAY_END_HOUR:00 local time. */
export const THEME_DAY_START_HOUR = 6;
export const THEME_DAY_END_HOUR = 18;
export const THEME_COLOR_DARK = '#1f2937';
export const THEME_COLOR_LIGHT = '#ffffff';

export const DEFAULT_TIMEFRAME = '1d';
export const DEFAULT_TRADING_MODE = 'paper';

export const OTP_CODE_LENGTH = 6;
export const PHONE_FIELD_MAX_LENGTH = 14;
export const PHONE_COUNTRY_CODE = '+1';

export const OFFLINE_BANNER_DELAY_MS = 2000;

export const CHAT_INPUT_MAX_HEIGHT_PX = 200;
export const CHAT_PANEL_WIDTH_DEFAULT = 400;
export const CHAT_PANEL_WIDTH_MIN = 320;
export const CHAT_PANEL_WIDTH_MAX = 800;

export const OAUTH_REDIRECT_DELAY_SUCCESS_MS = 2000;
export const OAUTH_REDIRECT_DELAY_ERROR_MS = 3000;

export const QUERY_STALE_TIME_MS = 5 * 60 * 1000;

export const ERROR_REPORT_SAMPLE_RATE = 0.1;
export const ERROR_REPORT_MAX_PER_SESSION = 50;

export const COPY_CONFIRMATION_MS = 2000;

export const DEFAULT_CLOSE_PERCENTAGE = 100;

/** Page sizes (spec §9). */
export const PAGE_SIZE = {
  orders: 50,
  trades: 100,
  orderHistory: 100,
  strategies: 50,
  recommendations: 10,
  opportunityAlerts: 20,
  conversations: 50,
  alerts: 50,
  news: 20,
  scanner: 50,
  scannerBatch: 20,
} as const;

export type RiskTolerance = 'conservative' | 'moderate' | 'aggressive';

/** Risk presets (spec §9): allocation %, max position size ($), daily loss limit ($). */
export const RISK_PRESETS: Record<
  RiskTolerance,
  { allocation: number; maxPositionSize: number; dailyLossLimit: number }
> = {
  conservative: { allocation: 50, maxPositionSize: 500, dailyLossLimit: 250 },
  moderate: { allocation: 75, maxPositionSize: 1000, dailyLossLimit: 500 },
  aggressive: { allocation: 100, maxPositionSize: 2000, dailyLossLimit: 1000 },
};

/**
 * Bearer token of the single-user mode (AUTH_MODE=single). The client sends it when no token is
 * stored; the server accepts it only in single-user mode. Documented in README.
 */
export const SINGLE_USER_TOKEN = 'single-user-default-token';
