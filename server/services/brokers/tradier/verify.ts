/**
 * What connecting or verifying a Tradier account needs (issue 14 points 1 and 3): which of the token's accounts,
 * its balances as the stored snapshot, and what Tradier accepts.
 *
 * Rules:
 * - The account is the one named (a connection's stored account number), else the token's first active one;
 *   none is broker_error (a named account the token does not open, or a token with no active account).
 * - The token is checked by these reads: a refused one is ./tradierErrors.ts's broker_error.
 * - Capabilities: the app's four order types; DAY and GTC only (Tradier has no IOC or FOK for equities); whole
 *   shares only (Tradier refuses fractional quantities).
 */
import { AppError } from '../../errors';
import type { BrokerCapabilities } from '../provider';
import { accountSnapshot } from './mapping';
import type { TradierRest } from './tradierRest';
import type { TradierBalances, TradierProfileAccount } from './wire';

export const TRADIER_PROVIDER = 'tradier';

export const TRADIER_CAPABILITIES: BrokerCapabilities = {
  orderTypes: ['MARKET', 'LIMIT', 'STOP', 'STOP_LIMIT'],
  timesInForce: ['DAY', 'GTC'],
  fractionalShares: false,
};

export async function verifyTradier(
  rest: Pick<TradierRest, 'accounts' | 'account'>,
  accountNumber?: string | null,
): Promise<{
  account: TradierProfileAccount;
  balances: TradierBalances;
  snapshot: ReturnType<typeof accountSnapshot>;
}> {
  const accounts = await rest.accounts();
  const account = accountNumber
    ? accounts.find((a) => a.account_number === accountNumber)
    : accounts.find((a) => a.status.toLowerCase() === 'active');
  if (!account)
    throw new AppError(
      'broker_error',
      accountNumber
        ? 'Tradier: this authorization does not open the connected account; connect again.'
        : 'Tradier: this authorization opens no active account.',
    );
  const balances = await rest.account(account.account_number).balances();
  return { account, balances, snapshot: accountSnapshot(account, balances) };
}
