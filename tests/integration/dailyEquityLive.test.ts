// Live accounts in the daily equity history (issue 15 point 1) on PGlite and PostgreSQL, with Alpaca and Tradier
// played by the local servers (tests/fixtures/alpacaTradingServer.ts, tradierServer.ts): a user trading live
// through a verified Alpaca connection gets a backfill from Alpaca's daily portfolio history (net deposits from its
// cash transfers) and a close row with the broker's equity, cash and positions value; a second run writes nothing; a
// broker failure writes nothing and the next run fills the day from the history; a Tradier connection's close has
// its balances and net deposits from its ach/wire/journal history, with no backfill; the analytics read the series
// of the account the user trades now and say which.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dailyEquity as dailyEquityTable, users } from '../../server/db/schema';
import { createDailyEquityJob, dailyEquity } from '../../server/services/analytics';
import { alpacaAccountHistory } from '../../server/services/brokers/alpaca/accountHistory';
import { createConnectionAuth } from '../../server/services/brokers/connectionAuth';
import { tradierAccountHistory } from '../../server/services/brokers/tradier/accountHistory';
import { tradierConnection } from '../../server/services/brokers/tradier/connection';
import { createSecretBox } from '../../server/services/secrets/sealing';
import { easternDayNumber, sessionCloseOf } from '../../src/domain/market/calendar';
import { startFakeAlpacaTrading, TRADING_KEY, type FakeAlpacaTrading } from '../fixtures/alpacaTradingServer';
import { ONE_ACCOUNT, startFakeTradier, type FakeTradier } from '../fixtures/tradierServer';
import { createUserWithSession, drivers, graphql } from './helpers';
import { createTradingTestApp, placeOrder, WEDNESDAY_1100, type TradingTestApp } from './ordersSetup';

const KEY_HEX = 'a1'.repeat(32);
const CONNECT = `mutation C($credentials: BrokerCredentialsInput!) {
  connectBroker(provider: "alpaca", credentials: $credentials) { id isVerified } }`;
const MODE = `mutation M($input: TradingModeInput!) { updateTradingMode(input: $input) { success } }`;
const REPORT = `query R($input: PerformanceReportInput!) {
  performanceReport(input: $input) { account summary { days startEquity endEquity netDeposits } }
  portfolioAnalysis { account } }`;
const TODAY = easternDayNumber(WEDNESDAY_1100);
/** Alpaca's daily history: the account unfunded on 11-02, then a value per trading day up to Tuesday 11-17. */
const HISTORY = [
  { date: '2026-11-02', equity: null },
  ...['03', '04', '05', '06', '09', '10', '11', '12', '13', '16', '17'].map((d, i) => ({
    date: `2026-11-${d}`,
    equity: 5_000 + 25 * i + (d >= '10' ? 1_000 : 0),
  })),
];

describe.each(drivers)('live accounts in the daily equity history (%s)', (driver) => {
  let t: TradingTestApp;
  let fake: FakeAlpacaTrading;
  let tradier: FakeTradier;
  let user: { id: string; token: string };
  let account: string;
  const errors: unknown[] = [];
  const job = () => {
    const box = createSecretBox(Buffer.from(KEY_HEX, 'hex'));
    const hosts = { liveUrl: tradier.baseUrl, sandboxUrl: tradier.baseUrl, oauth: null };
    const credentials = createConnectionAuth({
      db: t.db,
      box,
      now: () => new Date(t.clock()),
      adapters: [tradierConnection(hosts)],
    });
    return createDailyEquityJob({
      db: t.db,
      market: t.market,
      now: () => new Date(t.clock()),
      startingCashCents: t.config.paper.startingCashCents,
      log: { error: (object) => void errors.push(object) },
      live: [
        alpacaAccountHistory({ box, liveUrl: fake.baseUrl }),
        tradierAccountHistory({ credentials, liveUrl: tradier.baseUrl }),
      ],
    });
  };
  const liveRows = (from = '2026-01-01', to = '2026-12-31') => dailyEquity(t.db, user.id, from, to, account);
  /** Alpaca's account as the fake answers it. */
  const alpacaAccount = async () =>
    (await (
      await fetch(`${fake.baseUrl}/v2/account`, {
        headers: { 'APCA-API-KEY-ID': TRADING_KEY.keyId, 'APCA-API-SECRET-KEY': TRADING_KEY.secretKey },
      })
    ).json()) as { equity: string; cash: string; long_market_value: string };

  beforeAll(async () => {
    fake = await startFakeAlpacaTrading({ startingCash: 5_000, fundedOn: '2026-11-03' });
    tradier = await startFakeTradier({ startingCash: 2_000 });
    t = await createTradingTestApp(driver, {
      env: {
        ALPACA_TRADING_PAPER_URL: fake.baseUrl,
        ALPACA_TRADING_LIVE_URL: fake.baseUrl,
        TRADIER_LIVE_URL: tradier.baseUrl,
        TRADIER_SANDBOX_URL: tradier.baseUrl,
        CREDENTIALS_KEY: KEY_HEX,
      },
    });
    user = await createUserWithSession(t.db);
    // Created before the history's days, so the paper series has them too.
    await t.db
      .update(users)
      .set({ createdAt: new Date('2026-11-02T15:00:00Z') })
      .where(eq(users.id, user.id));
    const call = (query: string, variables: Record<string, unknown>) =>
      graphql<Record<string, { id: string }>>(t.app, query, { token: user.token, variables });
    const connected = await call(CONNECT, {
      credentials: { apiKey: TRADING_KEY.keyId, apiSecret: TRADING_KEY.secretKey, environment: 'LIVE' },
    });
    account = `live:${connected.data!.connectBroker!.id}`;
    expect((await call(MODE, { input: { mode: 'live' } })).data).toEqual({ updateTradingMode: { success: true } });
    fake.transfer(1_000, '2026-11-10');
    fake.setDailyHistory(HISTORY);
    // A position at Alpaca, so the close has a positions value.
    fake.setPrice('T', t.market.getQuote('T')!.ask);
    const order = await placeOrder(t.app, { symbol: 'T', side: 'BUY', type: 'MARKET', quantity: 10 }, user.token);
    expect(order.errors).toBeUndefined();
    // Alpaca fills it a moment after accepting it.
    await vi.waitFor(async () => expect(Number((await alpacaAccount()).long_market_value)).toBeGreaterThan(0));
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
    await tradier.close();
  });

  it('backfills the live account’s days from Alpaca’s portfolio history, net deposits from its transfers', async () => {
    t.setClock(WEDNESDAY_1100);
    await job().backfill();
    const rows = await liveRows();
    // The unfunded day is left out; every other day is Alpaca's equity (cash unknown: null).
    expect(rows).toEqual(
      HISTORY.slice(1).map((day) => ({
        date: day.date,
        equity: day.equity,
        cash: null,
        positionsValue: null,
        netDeposits: day.date >= '2026-11-10' ? 6_000 : 5_000,
        source: 'backfill',
      })),
    );
    // Read without an account: the user trades live, so it is that series (the paper one is separate).
    expect(await dailyEquity(t.db, user.id, '2026-01-01', '2026-12-31')).toEqual(rows);
    const paper = await dailyEquity(t.db, user.id, '2026-01-01', '2026-12-31', 'paper');
    expect(paper.length).toBeGreaterThan(0);
    expect(paper.every((row) => row.netDeposits === t.config.paper.startingCashCents / 100)).toBe(true);
  });

  it('records the close with the broker’s equity, cash and positions value', async () => {
    t.setClock(sessionCloseOf(TODAY) + 2 * 60_000);
    const written = await job().recordClose(TODAY);
    expect(written).toBeGreaterThanOrEqual(2); // the paper row and the live one
    const broker = await alpacaAccount();
    const [row] = await liveRows('2026-11-18', '2026-11-18');
    expect(row).toEqual({
      date: '2026-11-18',
      equity: Number(broker.equity),
      cash: Number(broker.cash),
      positionsValue: Math.round((Number(broker.equity) - Number(broker.cash)) * 100) / 100,
      netDeposits: 6_000,
      source: 'close',
    });
    expect(row!.positionsValue).toBeCloseTo(Number(broker.long_market_value), 2);
  });

  it('writes nothing more on a second run, whatever the broker now says', async () => {
    const before = await liveRows();
    fake.setDailyHistory(HISTORY.map((day) => ({ ...day, equity: day.equity && day.equity + 1 })));
    const again = job();
    expect(await again.backfill()).toBe(0);
    expect(await again.recordClose(TODAY)).toBe(0);
    expect(await liveRows()).toEqual(before);
    fake.setDailyHistory(HISTORY);
  });

  it('writes nothing for the live account when Alpaca fails, and fills that day from the history next time', async () => {
    const thursday = TODAY + 1;
    t.setClock(sessionCloseOf(thursday) + 2 * 60_000);
    fake.breakAccount(true);
    try {
      errors.length = 0;
      await job().recordClose(thursday);
    } finally {
      fake.breakAccount(false);
    }
    expect(await liveRows('2026-11-19', '2026-11-19')).toEqual([]);
    expect(errors).toEqual([expect.objectContaining({ connectionId: account.slice(5), provider: 'alpaca' })]);
    const paperThursday = await t.db
      .select()
      .from(dailyEquityTable)
      .where(and(eq(dailyEquityTable.userId, user.id), eq(dailyEquityTable.date, '2026-11-19')));
    expect(paperThursday.map((row) => row.account)).toEqual(['paper']);

    fake.setDailyHistory([...HISTORY, { date: '2026-11-19', equity: 6_300 }]);
    t.setClock(sessionCloseOf(thursday + 1) + 2 * 60_000);
    await job().recordClose(thursday + 1);
    const rows = await liveRows('2026-11-19', '2026-11-20');
    expect(rows.map((row) => [row.date, row.source, row.equity])).toEqual([
      ['2026-11-19', 'backfill', 6_300],
      ['2026-11-20', 'close', Number((await alpacaAccount()).equity)],
    ]);
  });

  it('records a Tradier connection’s close from its balances, net deposits from its cash history, no backfill', async () => {
    const { data } = await graphql<{ connectBroker: { id: string } }>(t.app, CONNECT.replace('"alpaca"', '"tradier"'), {
      token: user.token,
      variables: { credentials: { apiKey: ONE_ACCOUNT.token, apiSecret: 'unused', environment: 'LIVE' } },
    });
    const tradierAccount = `live:${data!.connectBroker.id}`;
    tradier.transfer(ONE_ACCOUNT.accountNumber, 500, '2026-11-16', 'wire');
    tradier.transfer(ONE_ACCOUNT.accountNumber, -200, '2026-11-17', 'journal');
    tradier.transfer(ONE_ACCOUNT.accountNumber, 300, '2026-11-25'); // after the close: not counted yet
    const friday = TODAY + 2;
    t.setClock(sessionCloseOf(friday) + 2 * 60_000);
    await job().recordClose(friday);
    const rows = await dailyEquity(t.db, user.id, '2026-01-01', '2026-12-31', tradierAccount);
    // Tradier's numbers (no positions: equity = cash), and only the close: Tradier's history is not backfilled.
    expect(rows).toEqual([
      { date: '2026-11-20', equity: 2_600, cash: 2_600, positionsValue: 0, netDeposits: 2_300, source: 'close' },
    ]);
    // The user still trades live through their oldest live connection, Alpaca's.
    expect(await dailyEquity(t.db, user.id, '2026-11-20', '2026-11-20')).toEqual(
      await liveRows('2026-11-20', '2026-11-20'),
    );
  });

  it('the analytics read the live series while the user trades live, the paper one after, and say which', async () => {
    type Answer = { performanceReport: { account: string; summary: object }; portfolioAnalysis: { account: string } };
    const report = async () => {
      const { data } = await graphql<Answer>(t.app, REPORT, {
        token: user.token,
        variables: { input: { start: '2026-11-01', end: '2026-11-20', sections: ['summary'] } },
      });
      return { ...data!.performanceReport, analysed: data!.portfolioAnalysis.account };
    };
    const live = await liveRows('2026-11-01', '2026-11-20');
    expect(await report()).toMatchObject({
      account: 'live',
      analysed: 'live',
      summary: { days: live.length, startEquity: 5_000, netDeposits: 1_000 },
    });
    await graphql(t.app, MODE, { token: user.token, variables: { input: { mode: 'paper' } } });
    const paper = await dailyEquity(t.db, user.id, '2026-11-01', '2026-11-20', 'paper');
    expect(await report()).toMatchObject({
      account: 'paper',
      analysed: 'paper',
      summary: { days: paper.length, startEquity: paper[0]!.equity, netDeposits: 0 },
    });
  });

  it('reads Alpaca’s cash transfers once for a close and the backfill before it', async () => {
    const monday = TODAY + 5;
    fake.setDailyHistory([...HISTORY, { date: '2026-11-19', equity: 6_300 }, { date: '2026-11-23', equity: 6_400 }]);
    t.setClock(sessionCloseOf(monday + 1) + 2 * 60_000);
    const asked = fake.requests.length;
    await job().recordClose(monday + 1);
    expect((await liveRows('2026-11-23', '2026-11-24')).map((row) => [row.date, row.source])).toEqual([
      ['2026-11-23', 'backfill'],
      ['2026-11-24', 'close'],
    ]);
    const transfers = fake.requests.slice(asked).filter((request) => request.includes('activity_types=CSD'));
    expect(transfers).toHaveLength(1);
  });
});
