/**
 * Property: whatever orders arrive, the paper broker's stored cash and positions equal a ledger recomputed
 * independently from its trades. 10,000 random orders (every type and time in force, buys and sells, cancels,
 * quote ticks in between) are replayed against the engine in process on an in-memory PGlite, and (when
 * TEST_DATABASE_URL is set) the same orders against two engines on one PostgreSQL database through two pools, as two
 * server processes would be: each command goes to one of them in turn, and both match on the quote ticks.
 */
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IN_MEMORY_DATA_DIR, loadConfig } from '../../server/config';
import { createDatabase, type DatabaseHandle } from '../../server/db/client';
import { orders, paperAccounts, positions, preferences, trades } from '../../server/db/schema';
import { createEventBus } from '../../server/events';
import { AppError } from '../../server/services/errors';
import { SimulatedMarket } from '../../server/services/market';
import { type TradingEngine } from '../../server/services/trading';
import { createTestEngine } from './engineSetup';
import { ORDER_TYPES, TIME_IN_FORCE } from '../../src/domain/trading/orderTypes';
import { createUserWithSession } from './helpers';
import { WEDNESDAY_1100 } from './ordersSetup';
import { createScratchDatabase } from './scratchDatabase';

const ORDERS = 10_000;
const SYMBOLS = ['T', 'INTC', 'PFE', 'CMCSA', 'VZ', 'BAC', 'KO', 'WFC'] as const;
const STARTING_CASH_CENTS = 25_000_00;
const COMMISSION_CENTS = 35;

type Command =
  | {
      kind: 'order';
      user: number;
      symbol: number;
      side: 'BUY' | 'SELL';
      type: (typeof ORDER_TYPES)[number];
      timeInForce: (typeof TIME_IN_FORCE)[number];
      quantity: number;
      /** Limit/stop distance from the last price, in basis points. */
      limitBps: number;
      stopBps: number;
    }
  | { kind: 'cancel'; pick: number }
  | { kind: 'tick'; minutes: number };

const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 90,
    arbitrary: fc.record({
      kind: fc.constant('order' as const),
      user: fc.integer({ min: 0, max: 2 }),
      symbol: fc.integer({ min: 0, max: SYMBOLS.length - 1 }),
      side: fc.constantFrom('BUY' as const, 'SELL' as const),
      type: fc.constantFrom(...ORDER_TYPES),
      timeInForce: fc.constantFrom(...TIME_IN_FORCE),
      quantity: fc.integer({ min: 1, max: 40 }),
      limitBps: fc.integer({ min: -150, max: 150 }),
      stopBps: fc.integer({ min: -150, max: 150 }),
    }),
  },
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }) },
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('tick' as const), minutes: fc.integer({ min: 1, max: 90 }) }) },
);

const adminUrl = process.env.TEST_DATABASE_URL;

/** The databases the engines run on: one handle per engine, all on the same database; `drop` removes it after. */
interface LedgerDatabases {
  handles: DatabaseHandle[];
  drop?(): Promise<void>;
}

function ledgerProperty(label: string, open: () => Promise<LedgerDatabases>, skip = false) {
  describe.skipIf(skip)(`paper broker ledger property (${label})`, () => {
    let databases: LedgerDatabases;
    let engines: TradingEngine[];
    let market: SimulatedMarket;
    let clock = WEDNESDAY_1100;
    const users: string[] = [];

    beforeAll(async () => {
      databases = await open();
      market = new SimulatedMarket({ seed: 'ledger-property', now: clock, alwaysOpen: true });
      engines = databases.handles.map((handle) =>
        createTestEngine({
          db: handle.db,
          pool: handle.pool,
          events: createEventBus(),
          market,
          now: () => new Date(clock),
          paper: { startingCashCents: STARTING_CASH_CENTS, commissionCents: COMMISSION_CENTS, fractional: false },
          log: console,
        }),
      );
      for (const engine of engines) await engine.start();
      for (let i = 0; i < 3; i++) {
        const { id } = await createUserWithSession(db());
        await db().update(preferences).set({ riskTolerance: 'aggressive' }).where(eq(preferences.userId, id));
        users.push(id);
      }
    });
    afterAll(async () => {
      await Promise.all(engines.map((engine) => engine.stop()));
      for (const handle of databases.handles) await handle.close();
      await databases.drop?.();
    });

    const db = () => databases.handles[0]!.db;
    const idle = () => Promise.all(engines.map((engine) => engine.idle()));

    const price = (symbol: string, bps: number) => {
      const last = market.getQuote(symbol)!.price;
      return Math.max(0.01, Math.round(last * (1 + bps / 10_000) * 100) / 100);
    };

    async function replay(commands: readonly Command[]) {
      const placed: { user: string; id: string }[] = [];
      const outcome = { accepted: 0, refused: new Map<string, number>(), cancelled: 0 };
      let sinceTick = 0;
      for (const [i, step] of commands.entries()) {
        // Each command goes to one engine in turn (with two engines: as if through two servers).
        const engine = engines[i % engines.length]!;
        if (step.kind === 'tick' || sinceTick >= 40) {
          clock += (step.kind === 'tick' ? step.minutes : 5) * 60_000;
          market.tick(clock);
          await idle();
          sinceTick = 0;
          if (step.kind === 'tick') continue;
        }
        if (step.kind === 'cancel') {
          const target = placed[step.pick % Math.max(1, placed.length)];
          if (!target) continue;
          await engine.cancelOrder(target.user, target.id).then(
            () => outcome.cancelled++,
            (error: unknown) => {
              if (!(error instanceof AppError)) throw error;
            },
          );
          continue;
        }
        sinceTick++;
        const symbol = SYMBOLS[step.symbol]!;
        const user = users[step.user]!;
        const needsLimit = step.type === 'LIMIT' || step.type === 'STOP_LIMIT';
        const needsStop = step.type === 'STOP' || step.type === 'STOP_LIMIT';
        try {
          const order = await engine.placeOrder(user, {
            symbol,
            side: step.side,
            type: step.type,
            timeInForce: step.timeInForce,
            quantity: step.quantity,
            price: needsLimit ? price(symbol, step.limitBps) : null,
            stopPrice: needsStop ? price(symbol, step.stopBps) : null,
          });
          placed.push({ user, id: order.id });
          outcome.accepted++;
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          outcome.refused.set(error.code, (outcome.refused.get(error.code) ?? 0) + 1);
        }
      }
      await idle();
      return outcome;
    }

    async function checkLedger() {
      const allTrades = await db().select().from(trades).orderBy(trades.seq);
      for (const user of users) {
        let cash = STARTING_CASH_CENTS;
        const shares = new Map<string, number>();
        const net = new Map<string, number>(); // Σ sell proceeds − Σ buy cost, commissions included
        for (const trade of allTrades.filter((row) => row.userId === user)) {
          const value = Math.round(trade.quantity * trade.priceCents);
          const signed = trade.side === 'BUY' ? -(value + trade.commissionCents) : value - trade.commissionCents;
          cash += signed;
          shares.set(trade.symbol, (shares.get(trade.symbol) ?? 0) + (trade.side === 'BUY' ? 1 : -1) * trade.quantity);
          net.set(trade.symbol, (net.get(trade.symbol) ?? 0) + signed);
          expect(cash).toBeGreaterThanOrEqual(0);
          expect(shares.get(trade.symbol)).toBeGreaterThanOrEqual(0);
        }
        const [account] = await db().select().from(paperAccounts).where(eq(paperAccounts.userId, user));
        expect(account?.cashCents ?? STARTING_CASH_CENTS).toBe(cash);
        const stored = await db().select().from(positions).where(eq(positions.userId, user));
        for (const symbol of new Set([...shares.keys(), ...stored.map((p) => p.symbol)])) {
          const row = stored.find((p) => p.symbol === symbol);
          expect(row?.quantity ?? 0, `${symbol} shares`).toBe(shares.get(symbol) ?? 0);
          // Realised P&L − remaining cost basis = what the trades of the symbol paid out on balance.
          expect((row?.realizedCents ?? 0) - (row?.costCents ?? 0), `${symbol} P&L`).toBe(net.get(symbol) ?? 0);
        }
      }
      // Every order agrees with its own fills.
      const byOrder = new Map<string, { quantity: number; value: number; commission: number }>();
      for (const trade of allTrades) {
        const sum = byOrder.get(trade.orderId) ?? { quantity: 0, value: 0, commission: 0 };
        sum.quantity += trade.quantity;
        sum.value += trade.quantity * trade.priceCents;
        sum.commission += trade.commissionCents;
        byOrder.set(trade.orderId, sum);
      }
      for (const order of await db().select().from(orders)) {
        const fills = byOrder.get(order.id) ?? { quantity: 0, value: 0, commission: 0 };
        expect(order.filledQuantity).toBe(fills.quantity);
        expect(order.fillValueCents).toBe(fills.value);
        expect(fills.commission).toBe(fills.quantity > 0 ? COMMISSION_CENTS : 0);
        if (order.status === 'FILLED') expect(order.filledQuantity).toBe(order.quantity);
        if (order.status === 'OPEN') expect(order.filledQuantity).toBe(0);
        if (order.timeInForce === 'IOC' || order.timeInForce === 'FOK') {
          expect(['FILLED', 'CANCELLED']).toContain(order.status);
        }
        if (order.timeInForce === 'FOK') expect([0, order.quantity]).toContain(order.filledQuantity);
      }
      return { trades: allTrades.length };
    }

    it(`keeps cash and positions equal to the ledger of the trades over ${ORDERS.toLocaleString('en-US')} random orders`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(command, { minLength: ORDERS, maxLength: ORDERS }), async (commands) => {
          const outcome = await replay(commands);
          const { trades: fills } = await checkLedger();
          // The run exercised the engine: many orders were accepted and filled, and many refused.
          expect(outcome.accepted).toBeGreaterThan(ORDERS / 10);
          expect(fills).toBeGreaterThan(ORDERS / 20);
          expect(outcome.refused.get('insufficient_position') ?? 0).toBeGreaterThan(0);
        }),
        { numRuns: 1, seed: 20261118, endOnFailure: true },
      );
    }, 180_000);
  });
}

ledgerProperty('pglite, one engine in process', async () => ({
  handles: [await createDatabase(loadConfig({ DATA_DIR: IN_MEMORY_DATA_DIR }), console)],
}));

ledgerProperty(
  'postgresql, two engines on two pools',
  async () => {
    const scratch = await createScratchDatabase(adminUrl!, 'ledger');
    const config = loadConfig({ DATABASE_URL: scratch.url });
    const first = await createDatabase(config, console);
    return { handles: [first, await createDatabase(config, console)], drop: scratch.drop };
  },
  !adminUrl,
);
