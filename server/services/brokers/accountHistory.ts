/**
 * A live connection's account values for the daily equity history (issue 15 point 1): one small reader per provider
 * (./alpaca/accountHistory.ts, ./tradier/accountHistory.ts), so server/services/analytics names no provider.
 *
 * Rules:
 * - Money in integer cents; days are New York day numbers (days since 1970-01-01).
 * - `netDepositsCents` is cumulative (every deposit − withdrawal up to that day's close); null where the broker's API
 *   shows no cash transfers (the caller then takes the first recorded equity and sees no flows).
 * - `history` is absent where the broker keeps no daily history of the account's value.
 * - One connection's reads (`open`) share the calls both need: its cash transfers are fetched once per run.
 * - A failed call throws (nothing is made up): the caller logs it and tries again on its next run.
 */
import type { ConnectionRow } from './connectionRows';

export interface AccountClose {
  equityCents: number;
  cashCents: number;
  netDepositsCents: number | null;
}

export interface AccountDay {
  dayNumber: number;
  equityCents: number;
  netDepositsCents: number | null;
}

/** One connection's reads for one run of the job: what `close` and `history` both need is fetched once. */
export interface AccountReads {
  /** The account's values now, recorded as the close of `day`. */
  close(day: number): Promise<AccountClose>;
  /** The account's value at each close from `fromDay` to `toDay` that the broker has (equity only). */
  history?: (fromDay: number, toDay: number) => Promise<AccountDay[]>;
}

export interface AccountHistoryReader {
  readonly provider: string;
  /** The reads of the connection `row` (a failed fetch is not kept: a later read of the same run tries again). */
  open(row: ConnectionRow): AccountReads;
}

/** `load` run at most once while it succeeds (a failure is forgotten, so the next call tries again). */
export function once<T>(load: () => Promise<T>): () => Promise<T> {
  let kept: Promise<T> | undefined;
  return () =>
    (kept ??= load().catch((error: unknown) => {
      kept = undefined;
      throw error;
    }));
}

export const toCents = (dollars: number | string) => Math.round(Number(dollars) * 100);
