/**
 * Alpaca's part of the daily equity history (../accountHistory.ts): the close is GET /v2/account's `equity` and
 * `cash`; net deposits are the sum of the account's cash transfers (CSD deposits, CSW withdrawals: signed
 * `net_amount`) settled up to the day; the history is GET /v2/account/portfolio/history at timeframe 1D (each
 * timestamp's New York day, its equity; days without equity, null or 0 before the account was funded, are left out).
 */
import { dayOfIso, easternDayNumber, isoDate } from '../../../../src/domain/market/calendar';
import type { SecretBox } from '../../secrets/sealing';
import { once, toCents, type AccountHistoryReader } from '../accountHistory';
import { openAuth, type ConnectionRow } from '../connectionRows';
import { ALPACA_PROVIDER } from './alpacaBroker';
import { createAlpacaTradingRest } from './tradingRest';
import type { AlpacaCashActivity } from './wire';

/** Cumulative net deposits (cents) at the close of `day`. */
function depositsUpTo(transfers: readonly AlpacaCashActivity[], day: number): number {
  return transfers.filter((t) => dayOfIso(t.date) <= day).reduce((sum, t) => sum + toCents(t.net_amount), 0);
}

export function alpacaAccountHistory(deps: {
  box: SecretBox;
  liveUrl: string;
  fetch?: typeof fetch;
}): AccountHistoryReader {
  return {
    provider: ALPACA_PROVIDER,
    open(row: ConnectionRow) {
      const client = createAlpacaTradingRest({
        baseUrl: deps.liveUrl,
        auth: openAuth(deps.box, row),
        fetch: deps.fetch,
      });
      const cashTransfers = once(() => client.cashTransfers());
      return {
        async close(day) {
          const [account, transfers] = await Promise.all([client.account(), cashTransfers()]);
          return {
            equityCents: toCents(account.equity),
            cashCents: toCents(account.cash),
            netDepositsCents: depositsUpTo(transfers, day),
          };
        },
        async history(fromDay, toDay) {
          const [history, transfers] = await Promise.all([
            client.dailyHistory(isoDate(fromDay), isoDate(toDay)),
            cashTransfers(),
          ]);
          return history.timestamp.flatMap((seconds, i) => {
            const equity = history.equity[i];
            const dayNumber = easternDayNumber(seconds * 1000);
            if (!equity || dayNumber < fromDay || dayNumber > toDay) return [];
            return [{ dayNumber, equityCents: toCents(equity), netDepositsCents: depositsUpTo(transfers, dayNumber) }];
          });
        },
      };
    },
  };
}
