/**
 * The analytics area (issue 15): each user's daily equity history (`daily_equity`), recorded at every market close
 * and backfilled from trades and daily closes by the leader's job (./closeJob.ts, ./backfill.ts), and read with
 * `dailyEquity` (./dailyEquity.ts) by the figures built on it.
 */
export { BACKFILL_MAX_DAYS } from './backfill';
export { CLOSE_DELAY_MS, createDailyEquityJob, recordClose } from './closeJob';
export { dailyEquity, type DailyEquityRow } from './dailyEquity';
export { INDEX_BENCHMARK } from './benchmark';
export { createAnalyticsService, type AnalyticsService } from './service';
