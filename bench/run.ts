// `npm run bench`: every benchmark, printed as ratios against a baseline measured in the same run.
import { apiBenchOptionsFromEnv, benchApi, formatApiBench } from './api';
import { benchEngine, formatEngineBench } from './engine';
import { benchIndicators, formatIndicatorBench } from './indicators';
import { benchOutbox, formatOutboxBench } from './outbox';
import { benchQuoteLatency, formatQuoteLatency } from './quoteLatency';

const rows = await benchIndicators();
console.log('Indicators over 100,000 closes (ours vs technicalindicators):');
console.log(formatIndicatorBench(rows));

console.log(
  '\nQuote-to-subscriber latency (marketDataUpdates over graphql-ws on loopback vs direct provider listeners):',
);
console.log(formatQuoteLatency(await benchQuoteLatency()));

console.log(
  `\nAPI at 50 connections (vs bare Fastify + Yoga):\n${formatApiBench(await benchApi(apiBenchOptionsFromEnv()))}`,
);

console.log('\nPaper broker engine on in-memory PGlite (orders per second vs bare one-row transactions):');
console.log(formatEngineBench(await benchEngine()));

console.log('\nOutbox over a proxy dropping 30 % of requests and 30 % of responses (vs the same queue sent directly):');
const outbox = await benchOutbox();
console.log(formatOutboxBench(outbox));
if (outbox.lost !== 0 || outbox.duplicated !== 0) process.exitCode = 1;
