/**
 * Connecting Alpaca (../connectionAdapter.ts): API key and secret, or an OAuth token (Alpaca's do not expire);
 * the account is GET /v2/account of the environment's host, stored as the connection's snapshot.
 */
import type { BrokerAccountSnapshot } from '../../../db/schema';
import { credential, type ConnectionAdapter } from '../connectionAdapter';
import { AlpacaTradingError } from './tradingErrors';
import { createAlpacaTradingRest } from './tradingRest';
import type { AlpacaAccount } from './wire';

export function accountSnapshot(account: AlpacaAccount): BrokerAccountSnapshot {
  return {
    accountNumber: account.account_number,
    buyingPower: Number(account.buying_power),
    portfolioValue: Number(account.equity),
    cashBalance: Number(account.cash),
    dayTradeCount: account.daytrade_count,
    isPatternDayTrader: account.pattern_day_trader,
    marginUsed: Number(account.initial_margin),
    tradingBlocked: account.trading_blocked || account.account_blocked || account.trade_suspended_by_user,
  };
}

export function alpacaConnection(hosts: {
  paperUrl: string;
  liveUrl: string;
  fetch?: typeof fetch;
}): ConnectionAdapter {
  return {
    provider: 'alpaca',
    keysAuth: (input) => ({
      kind: 'keys',
      keyId: credential(input.apiKey, 'apiKey'),
      secretKey: credential(input.apiSecret, 'apiSecret'),
    }),
    async readAccount(environment, auth) {
      const account = await createAlpacaTradingRest({
        baseUrl: environment === 'live' ? hosts.liveUrl : hosts.paperUrl,
        auth,
        fetch: hosts.fetch,
      }).account();
      return { accountId: account.id, snapshot: accountSnapshot(account) };
    },
    answered: (error) => (error instanceof AlpacaTradingError ? error.status : null),
  };
}
