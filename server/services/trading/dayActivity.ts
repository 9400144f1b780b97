/**
 * Today's fills of each account, summed per symbol (the daily loss limit and the day P&L need them), kept in memory
 * with the `seq` of the newest trade summed: a read then sums only the trades since (usually none or one), not every
 * fill of the day again.
 *
 * Why the sums stay exact: every trade of an account is written under the account's lock (./accountLocks.ts), so
 * while a transaction holds that lock no trade of the account is in flight, and the trades it sees are all those with
 * a `seq` up to the newest (`seq` is an identity without a cache: each trade takes the next value when written). Only sums read under the lock are kept (`store`); a read without it may add the trades
 * since to the kept sums but keeps nothing. A trade with a smaller `seq` cannot appear later, so none is missed.
 */
import { roundQuantity } from '../../../src/domain/trading/orderTypes';
import { NO_DAY_ACTIVITY, type DayActivity } from '../../../src/domain/trading/positionMath';

/** Fills of one symbol and side, summed (value: Σ whole cents per trade). */
export interface FillSums {
  symbol: string;
  side: 'BUY' | 'SELL';
  quantity: number;
  valueCents: number;
  commissionCents: number;
}

/** What to read: the trades of the day after `afterSeq` (null: all of the day), to add to `base`. */
export interface DayRead {
  dayStart: Date;
  afterSeq: number | null;
  base: ReadonlyMap<string, DayActivity>;
}

interface Kept {
  dayStart: number;
  throughSeq: number;
  activity: ReadonlyMap<string, DayActivity>;
}

/** Accounts kept at most (the least recently stored are forgotten first). */
const MAX_ACCOUNTS = 10_000;

function add(activity: ReadonlyMap<string, DayActivity>, sums: readonly FillSums[]): Map<string, DayActivity> {
  const result = new Map(activity);
  for (const fills of sums) {
    const day = { ...(result.get(fills.symbol) ?? NO_DAY_ACTIVITY) };
    if (fills.side === 'BUY') {
      day.boughtQuantity = roundQuantity(day.boughtQuantity + fills.quantity);
      day.buyCents += fills.valueCents + fills.commissionCents;
    } else {
      day.soldQuantity = roundQuantity(day.soldQuantity + fills.quantity);
      day.sellCents += fills.valueCents - fills.commissionCents;
    }
    result.set(fills.symbol, day);
  }
  return result;
}

export class DayActivityCache {
  private readonly kept = new Map<string, Kept>();

  /** What to read for `userId`'s day starting at `dayStart`. */
  read(userId: string, dayStart: Date): DayRead {
    const kept = this.kept.get(userId);
    return kept?.dayStart === dayStart.getTime()
      ? { dayStart, afterSeq: kept.throughSeq, base: kept.activity }
      : { dayStart, afterSeq: null, base: new Map() };
  }

  /**
   * The day's activity: what was kept plus `sums`, the trades read after `read.afterSeq` up to `throughSeq` (the
   * newest trade of the account, null without any). `store` (read under the account's lock) keeps the result.
   */
  resolve(
    userId: string,
    read: DayRead,
    sums: readonly FillSums[],
    throughSeq: number | null,
    { store }: { store: boolean },
  ): Map<string, DayActivity> {
    const activity = add(read.base, sums);
    if (store) {
      this.kept.delete(userId);
      this.kept.set(userId, { dayStart: read.dayStart.getTime(), throughSeq: throughSeq ?? 0, activity });
      if (this.kept.size > MAX_ACCOUNTS) this.kept.delete(this.kept.keys().next().value!);
    }
    return activity;
  }
}
