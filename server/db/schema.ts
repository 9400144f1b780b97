// The database schema (drizzle.config.ts and the Drizzle client read this module): each area keeps its tables
// in its own module under ./tables (one migration per area: see migrations/meta/_journal.json); column helpers
// are in ./columns.ts and ./userColumns.ts.
export * from './tables/users';
export * from './tables/auth';
export * from './tables/watchlists';
export * from './tables/alerts';
export * from './tables/idempotency';
export * from './tables/trading';
export * from './tables/chat';
export * from './tables/strategies';
export * from './tables/backtests';
export * from './tables/brokers';
export * from './tables/onboarding';
export * from './tables/analytics';
export * from './tables/push';
export * from './tables/reports';
export * from './tables/opportunities';
