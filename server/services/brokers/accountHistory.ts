/**
 * A live connection's account values for the daily equity history (issue 15 point 1): one small reader per provider
 * (./alpaca/accountHistory.ts, ./tradier/accountHistory.ts), so server/services/analytics names no provider.
 *
 * Rules:
 * - Money in integer cents; days are New York day numbers (days since 1970-01-01).
 * - `netDepositsCents` is cumulative (every deposit − withdrawal up to that day's close); null where the broker's API
 *   shows no cash transfers (the caller then takes the first recorded equity and sees no flows).
 * - `history` is absent where the broker keeps no daily history of the account's value.
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

export interface AccountHistoryReader {
  readonly provider: string;
  /** The account's values now, recorded as the close of `day`. */
  close(row: ConnectionRow, day: number): Promise<AccountClose>;
  /** The account's value at each close from `fromDay` to `toDay` that the broker has (equity only). */
  history?: (row: ConnectionRow, fromDay: number, toDay: number) => Promise<AccountDay[]>;
}

export const toCents = (dollars: number | string) => Math.round(Number(dollars) * 100);
