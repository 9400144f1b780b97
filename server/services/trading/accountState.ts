/**
 * A user's paper account as one statement reads it: the trading preferences and parameters, the cash, the positions, the working
 * orders summed per symbol and side, and on demand today's fills and the order already placed under a client order
 * id. The risk checks of an order, the portfolio queries and the subscriptions all start from it (one round trip,
 * one snapshot: the parts always agree with each other).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { StoredTradingParameters } from '../../../src/domain/trading/parameters';
import type { HoldingInput, WorkingTotals } from '../../../src/domain/trading/portfolio';
import { WORKING_STATUSES } from '../../../src/domain/trading/orderTypes';
import type { DayActivity } from '../../../src/domain/trading/positionMath';
import type { Queryable } from './accountLocks';
import type { DayActivityCache, FillSums } from './dayActivity';
import type { Statements } from './engineStatements';

/** `('OPEN', 'PARTIALLY_FILLED')` as SQL literals (the partial indexes on working orders match them). */
export const WORKING_STATUS_LIST = sql.raw(`(${WORKING_STATUSES.map((status) => `'${status}'`).join(', ')})`);

export interface AccountState {
  /** The emergency stop, the requested trading mode and the stored trading parameters. */
  preferences: StoredTradingParameters & { emergencyStop: boolean };
  /** null before the first order: the account row is created with it. */
  account: { cashCents: number; startingCashCents: number } | null;
  /** Positions held (quantity > 0), and the asked symbol's position even when sold out (its realised P&L). */
  positions: HoldingInput[];
  working: WorkingTotals[];
  /** Today's fills per symbol (empty unless asked for). */
  today: Map<string, DayActivity>;
  /** The order placed earlier under the asked client order id. */
  existingOrderId: string | null;
}

export interface AccountStateQuery {
  /** Also read this symbol's position when it is sold out. */
  symbol?: string;
  /** Read today's fills (the day P&L) since this instant, through `cache`; `store` when read under the lock. */
  today?: { dayStart: Date; cache: DayActivityCache; store: boolean };
  clientOrderId?: string | null;
}

interface StateRow {
  preferences: AccountState['preferences'] | null;
  account: AccountState['account'];
  positions: HoldingInput[];
  working: WorkingTotals[];
  today: FillSums[] | null;
  through_seq: number | string | null;
  existing_order_id: string | null;
}

export async function readAccountState(
  statements: Statements,
  db: Queryable,
  userId: string,
  query: AccountStateQuery = {},
): Promise<AccountState> {
  const positionFilter = query.symbol ? sql`(quantity > 0 or symbol = ${query.symbol})` : sql`quantity > 0`;
  const day = query.today && query.today.cache.read(userId, query.today.dayStart);
  const dayStart = day && sql`${day.dayStart.toISOString()}::timestamptz`;
  const fills = sql`json_build_object('symbol', symbol, 'side', side, 'quantity', quantity, 'valueCents', value_cents,
    'commissionCents', commission_cents)`;
  // The first read of a day sums its fills; later ones read the trades after those summed (./dayActivity.ts), one by
  // one through the (user_id, seq) index (each trade's value rounded to whole cents here, as the sums do).
  const todaySql: SQL = !day
    ? sql`null::json`
    : day.afterSeq === null
      ? sql`(select json_agg(${fills})
          from (select symbol, side, sum(quantity) as quantity, sum(round(quantity * price_cents)) as value_cents,
                  sum(commission_cents) as commission_cents
                from trades where user_id = ${userId} and created_at >= ${dayStart}
                group by symbol, side) as day)`
      : sql`(select json_agg(${fills})
          from (select symbol, side, quantity, round(quantity * price_cents) as value_cents, commission_cents,
                  created_at
                from trades where user_id = ${userId} and seq > ${day.afterSeq}::bigint
                order by seq offset 0) as day where created_at >= ${dayStart})`;
  const throughSeq: SQL = day ? sql`(select max(seq) from trades where user_id = ${userId})` : sql`null::bigint`;
  const existing: SQL = query.clientOrderId
    ? sql`(select id from orders where user_id = ${userId} and client_order_id = ${query.clientOrderId})`
    : sql`null::uuid`;
  const [row] = await statements.rows<StateRow>(
    db,
    sql`select
      (select json_build_object('emergencyStop', emergency_stop, 'tradingMode', trading_mode,
          'riskTolerance', risk_tolerance, 'accountSizeAllocation', account_size_allocation,
          'maxPositionSizeCents', max_position_size_cents, 'dailyLossLimitCents', daily_loss_limit_cents,
          'preferredTradingHours', preferred_trading_hours, 'assetPreferences', asset_preferences)
        from preferences where user_id = ${userId}) as preferences,
      (select json_build_object('cashCents', cash_cents, 'startingCashCents', starting_cash_cents)
        from paper_accounts where user_id = ${userId}) as account,
      (select coalesce(json_agg(json_build_object('symbol', symbol, 'quantity', quantity, 'costCents', cost_cents,
          'realizedCents', realized_cents) order by symbol), '[]'::json)
        from positions where user_id = ${userId} and ${positionFilter}) as positions,
      (select coalesce(json_agg(json_build_object('symbol', symbol, 'side', side, 'remaining', remaining,
          'reservedValueCents', reserved_value_cents, 'unfilledOrders', unfilled_orders)), '[]'::json)
        from (select symbol, side, sum(quantity - filled_quantity) as remaining,
                sum(round((quantity - filled_quantity) * reserve_price_cents)) as reserved_value_cents,
                count(*) filter (where filled_quantity = 0) as unfilled_orders
              from orders where user_id = ${userId} and status in ${WORKING_STATUS_LIST}
              group by symbol, side) as working) as working,
      ${todaySql} as today,
      ${throughSeq} as through_seq,
      ${existing} as existing_order_id`,
  );
  if (!row?.preferences) throw new Error(`user ${userId} has no preferences row`);
  const newest = row.through_seq === null ? null : Number(row.through_seq);
  const today =
    query.today && day ? query.today.cache.resolve(userId, day, row.today ?? [], newest, query.today) : null;
  return {
    preferences: row.preferences,
    account: row.account,
    positions: row.positions,
    working: row.working,
    today: today ?? new Map(),
    existingOrderId: row.existing_order_id,
  };
}
