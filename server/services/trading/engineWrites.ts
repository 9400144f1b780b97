/**
 * The paper broker's writes of one transaction, collected in memory and sent as one statement: new and changed
 * orders, trades, positions (their state after the transaction's fills) and each account's cash change. Each part is
 * a data-modifying CTE over a JSON array of rows, so a tick filling 2,000 orders costs one round trip, as one order
 * does.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { PositionState } from '../../../src/domain/trading/positionMath';
import type { Queryable } from './accountLocks';
import type { AppliedDecision } from './engineFill';
import type { Statements } from './engineStatements';
import type { StoredOrder, StoredTrade } from './ordersView';

interface PositionChange extends PositionState {
  userId: string;
  symbol: string;
}

export class EngineWrites {
  readonly newOrders: StoredOrder[] = [];
  readonly changedOrders: StoredOrder[] = [];
  readonly trades: StoredTrade[] = [];
  /** Per user and symbol: the position after the transaction's fills. */
  private readonly positions = new Map<string, PositionChange>();
  /** Per user: the change of cash; an account not stored yet is created with the starting cash plus it. */
  private readonly cash = new Map<string, number>();

  /** Records an applied decision: the order changed (`inserted`: a new order), and its trade. */
  add(applied: AppliedDecision, { inserted = false } = {}): void {
    (inserted ? this.newOrders : this.changedOrders).push(applied.order);
    if (applied.trade) this.trades.push(applied.trade);
  }

  setPosition(userId: string, symbol: string, position: PositionState): void {
    this.positions.set(`${userId} ${symbol}`, { userId, symbol, ...position });
  }

  /** Adds `deltaCents` to the user's cash (0 still creates a missing account). */
  moveCash(userId: string, deltaCents: number): void {
    this.cash.set(userId, (this.cash.get(userId) ?? 0) + deltaCents);
  }

  /** Writes everything in one statement (nothing when empty). */
  async write(
    statements: Statements,
    db: Queryable,
    { startingCashCents, at }: { startingCashCents: number; at: Date },
  ): Promise<void> {
    const parts: SQL[] = [];
    if (this.newOrders.length > 0) parts.push(insertOrders(this.newOrders));
    if (this.changedOrders.length > 0) parts.push(updateOrders(this.changedOrders));
    if (this.trades.length > 0) parts.push(insertTrades(this.trades));
    if (this.positions.size > 0) parts.push(upsertPositions([...this.positions.values()], at));
    if (this.cash.size > 0) parts.push(upsertAccounts(this.cash, startingCashCents, at));
    if (parts.length === 0) return;
    const ctes = sql.join(
      parts.map((part, i) => sql`${sql.raw(`w${i}`)} as (${part})`),
      sql`, `,
    );
    await statements.write(db, sql`with ${ctes} select 1`);
  }
}

const json = (rows: readonly object[]) => sql`${JSON.stringify(rows)}::json`;
const iso = (at: Date | null) => (at === null ? null : at.toISOString());

function insertOrders(rows: readonly StoredOrder[]): SQL {
  const values = rows.map((o) => ({
    id: o.id,
    user_id: o.userId,
    client_order_id: o.clientOrderId,
    symbol: o.symbol,
    side: o.side,
    type: o.type,
    time_in_force: o.timeInForce,
    status: o.status,
    quantity: o.quantity,
    filled_quantity: o.filledQuantity,
    limit_price_cents: o.limitPriceCents,
    stop_price_cents: o.stopPriceCents,
    reserve_price_cents: o.reservePriceCents,
    fill_value_cents: o.fillValueCents,
    triggered: o.triggered,
    expires_at: iso(o.expiresAt),
    strategy_id: o.strategyId,
    reason: o.reason,
    created_at: iso(o.createdAt),
    updated_at: iso(o.updatedAt),
  }));
  const columns = Object.keys(values[0]!).join(', ');
  return sql`insert into orders (${sql.raw(columns)}) select ${sql.raw(columns)} from json_to_recordset(${json(values)})
    as x(id uuid, user_id uuid, client_order_id text, symbol text, side text, type text, time_in_force text,
      status text, quantity numeric, filled_quantity numeric, limit_price_cents bigint, stop_price_cents bigint,
      reserve_price_cents bigint, fill_value_cents numeric, triggered boolean, expires_at timestamptz,
      strategy_id text, reason text, created_at timestamptz, updated_at timestamptz)`;
}

function updateOrders(rows: readonly StoredOrder[]): SQL {
  const values = rows.map((o) => ({
    id: o.id,
    status: o.status,
    filled_quantity: o.filledQuantity,
    fill_value_cents: o.fillValueCents,
    triggered: o.triggered,
    reason: o.reason,
    updated_at: iso(o.updatedAt),
  }));
  return sql`update orders set status = x.status, filled_quantity = x.filled_quantity,
      fill_value_cents = x.fill_value_cents, triggered = x.triggered, reason = x.reason, updated_at = x.updated_at
    from json_to_recordset(${json(values)}) as x(id uuid, status text, filled_quantity numeric,
      fill_value_cents numeric, triggered boolean, reason text, updated_at timestamptz)
    where orders.id = x.id`;
}

function insertTrades(rows: readonly StoredTrade[]): SQL {
  const values = rows.map((t) => ({
    id: t.id,
    user_id: t.userId,
    order_id: t.orderId,
    symbol: t.symbol,
    side: t.side,
    quantity: t.quantity,
    price_cents: t.priceCents,
    commission_cents: t.commissionCents,
    strategy_id: t.strategyId,
    reason: t.reason,
    tags: t.tags,
    created_at: iso(t.createdAt),
    quote_at: t.quoteAt,
  }));
  const columns = Object.keys(values[0]!).join(', ');
  return sql`insert into trades (${sql.raw(columns)}) select ${sql.raw(columns)} from json_to_recordset(${json(values)})
    as x(id uuid, user_id uuid, order_id uuid, symbol text, side text, quantity numeric, price_cents bigint,
      commission_cents bigint, strategy_id text, reason text, tags jsonb, created_at timestamptz, quote_at bigint)`;
}

function upsertPositions(rows: readonly PositionChange[], at: Date): SQL {
  const values = rows.map((p) => ({
    user_id: p.userId,
    symbol: p.symbol,
    quantity: p.quantity,
    cost_cents: p.costCents,
    realized_cents: p.realizedCents,
  }));
  return sql`insert into positions (user_id, symbol, quantity, cost_cents, realized_cents, updated_at)
    select user_id, symbol, quantity, cost_cents, realized_cents, ${iso(at)}::timestamptz from json_to_recordset(${json(values)})
      as x(user_id uuid, symbol text, quantity numeric, cost_cents bigint, realized_cents bigint)
    on conflict (user_id, symbol) do update set quantity = excluded.quantity, cost_cents = excluded.cost_cents,
      realized_cents = excluded.realized_cents, updated_at = excluded.updated_at`;
}

function upsertAccounts(cash: ReadonlyMap<string, number>, startingCashCents: number, at: Date): SQL {
  const values = [...cash].map(([userId, delta]) => ({ user_id: userId, delta }));
  // A new account starts with the starting cash; an existing one moves by the delta (never below 0: a check).
  return sql`insert into paper_accounts (user_id, cash_cents, starting_cash_cents, updated_at)
    select user_id, ${startingCashCents}::bigint + delta, ${startingCashCents}::bigint, ${iso(at)}::timestamptz
      from json_to_recordset(${json(values)}) as x(user_id uuid, delta bigint)
    on conflict (user_id) do update
      set cash_cents = paper_accounts.cash_cents + (excluded.cash_cents - excluded.starting_cash_cents),
        updated_at = excluded.updated_at`;
}
