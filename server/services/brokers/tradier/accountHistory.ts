/**
 * Tradier's part of the daily equity history (../accountHistory.ts): the close is GET /accounts/{id}/balances'
 * `total_equity` and `total_cash`; net deposits are the signed amounts of the account's history events of type
 * ach, wire and journal dated up to the day (Tradier updates its history nightly, so a transfer shows from the next
 * day's close). Tradier's daily account values are not read (its historical balances are not part of the documented
 * API this adapter uses): no backfill, a day missed stays missing.
 */
import { dayOfIso } from '../../../../src/domain/market/calendar';
import { toCents, type AccountHistoryReader } from '../accountHistory';
import type { ConnectionAuth } from '../connectionAuth';
import { createTradierRest } from './tradierRest';
import { TRADIER_PROVIDER } from './verify';

/** The history types that move cash in or out of the account. */
export const CASH_FLOW_TYPES = ['ach', 'wire', 'journal'] as const;

export function tradierAccountHistory(deps: {
  credentials: ConnectionAuth;
  liveUrl: string;
  fetch?: typeof fetch;
}): AccountHistoryReader {
  return {
    provider: TRADIER_PROVIDER,
    open: (found) => ({
      async close(day) {
        const { row, auth } = await deps.credentials.fresh(found);
        const accessToken = auth.kind === 'oauth' ? auth.accessToken : auth.keyId;
        const account = createTradierRest({ baseUrl: deps.liveUrl, accessToken, fetch: deps.fetch }).account(
          row.accountId,
        );
        const [balances, ...flows] = await Promise.all([
          account.balances(),
          ...CASH_FLOW_TYPES.map((type) => account.history(type)),
        ]);
        return {
          equityCents: toCents(balances.total_equity),
          cashCents: toCents(balances.total_cash),
          netDepositsCents: flows
            .flat()
            .filter((event) => dayOfIso(event.date) <= day)
            .reduce((sum, event) => sum + toCents(event.amount), 0),
        };
      },
    }),
  };
}
