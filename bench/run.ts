// `npm run bench`: every benchmark, printed as ratios against a baseline measured in the same run.
// `npm run bench -- quotes coldstart` runs only the named ones (indicators, backtest, optimise, quotes, api,
// engine, accounts, outbox, coldstart, analytics, news, scanner).
import { benchAnalytics, formatAnalyticsBench } from './analytics';
import { apiBenchOptionsFromEnv, benchApi, formatApiBench } from './api';
import { benchBacktest, formatBacktestBench } from './backtest';
import { benchColdStart, coldStartRoundsFromEnv, formatColdStart } from './coldStart';
import { benchEngine, formatEngineBench } from './engine';
import { benchEngineAccounts, formatEngineAccounts } from './engineAccounts';
import { benchIndicators, formatIndicatorBench } from './indicators';
import { benchNews, formatNewsBench } from './news';
import { benchOptimise, formatOptimiseBench, sameReports } from './optimise';
import { benchOutbox, formatOutboxBench } from './outbox';
import { benchScanner, formatScannerBench } from './scanner';
import { benchQuoteLatency, formatQuoteLatency } from './quoteLatency';

const benches: Record<string, () => Promise<void>> = {
  indicators: async () => {
    console.log('Indicators over 100,000 closes (ours vs technicalindicators):');
    console.log(formatIndicatorBench(await benchIndicators()));
  },
  backtest: async () => {
    console.log('Backtest throughput (one symbol, vs a bare moving-average crossing loop):');
    console.log(formatBacktestBench(await benchBacktest()));
  },
  optimise: async () => {
    console.log('Walk-forward optimisation on worker threads (bar-evaluations/s, 2 workers vs 1):');
    const result = await benchOptimise();
    console.log(formatOptimiseBench(result));
    if (!sameReports(result)) process.exitCode = 1;
  },
  quotes: async () => {
    console.log(
      'Quote-to-subscriber latency (marketDataUpdates over graphql-ws on loopback vs direct provider listeners):',
    );
    console.log(formatQuoteLatency(await benchQuoteLatency()));
  },
  api: async () => {
    console.log(
      `API at 50 connections (vs bare Fastify + Yoga):\n${formatApiBench(await benchApi(apiBenchOptionsFromEnv()))}`,
    );
  },
  engine: async () => {
    console.log('Paper broker engine on in-memory PGlite (orders per second vs bare one-row transactions):');
    console.log(formatEngineBench(await benchEngine()));
  },
  accounts: async () => {
    console.log('Paper broker across accounts (issue 18: accounts no longer wait on each other):');
    console.log(formatEngineAccounts(await benchEngineAccounts()));
  },
  outbox: async () => {
    console.log(
      'Outbox over a proxy dropping 30 % of requests and 30 % of responses (vs the same queue sent directly):',
    );
    const outbox = await benchOutbox();
    console.log(formatOutboxBench(outbox));
    if (outbox.lost !== 0 || outbox.duplicated !== 0) process.exitCode = 1;
  },
  analytics: async () => {
    console.log('Analytics over 10 years of daily history and 200 positions (vs the bare daily_equity read):');
    console.log(formatAnalyticsBench(await benchAnalytics()));
  },
  news: async () => {
    console.log('News ingestion of 10,000 items (vs tokenising only):');
    console.log(formatNewsBench(benchNews()));
  },
  scanner: async () => {
    console.log(
      'Market scanner: 15 scan types over 5,000 symbols after one tick (vs indicators recomputed from history):',
    );
    console.log(formatScannerBench(benchScanner()));
  },
  coldstart: async () => {
    console.log('Cold start of the compiled server (npm start) vs the TypeScript sources through tsx:');
    console.log(formatColdStart(await benchColdStart(coldStartRoundsFromEnv())));
  },
};

const selected = process.argv.slice(2);
const unknown = selected.filter((name) => !(name in benches));
if (unknown.length > 0) {
  console.error(`Unknown bench ${unknown.join(', ')}: choose from ${Object.keys(benches).join(', ')}`);
  process.exit(2);
}
const names = selected.length > 0 ? selected : Object.keys(benches);
for (const [index, name] of names.entries()) {
  if (index > 0) console.log('');
  await benches[name]!();
}
