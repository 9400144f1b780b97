/**
 * Tradier's part of the daily equity history (../accountHistory.ts): the close is GET /accounts/{id}/balances'
 * `total_equity` and `total_cash`. This adapter reads no account history (Tradier's deposits and its
 * historical balances are not called), so net deposits are null (the history takes the first recorded equity and
 * sees no flows) and there is no backfill: a day missed stays missing.
 */
import type { AccountHistoryReader } from '../accountHistory';
import { toCents } from '../accountHistory';
import type { ConnectionAuth } from '../connectionAuth';
import { createTradierRest } from './tradierRest';
import { TRADIER_PROVIDER } from './verify';

export function tradierAccountHistory(deps: {
  credentials: ConnectionAuth;
  liveUrl: string;
  fetch?: typeof fetch;
}): AccountHistoryReader {
  return {
    provider: TRADIER_PROVIDER,
    async close(found) {
      const { row, auth } = await deps.credentials.fresh(found);
      const accessToken = auth.kind === 'oauth' ? auth.accessToken : auth.keyId;
      const balances = await createTradierRest({ baseUrl: deps.liveUrl, accessToken, fetch: deps.fetch })
        .account(row.accountId)
        .balances();
      return {
        equityCents: toCents(balances.total_equity),
        cashCents: toCents(balances.total_cash),
        netDepositsCents: null,
      };
    },
  };
}
