/**
 * Spec §7: watched queries are cache-and-network. Screens of live data (quotes, portfolio, orders, trades, the
 * dashboard) render what is cached at once and refetch when it is older than this, instead of the app-wide
 * 5 minutes; pushes keep them current in between.
 */
export const WATCHED_STALE_TIME_MS = 10_000;
