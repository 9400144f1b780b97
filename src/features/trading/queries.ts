import { queryOptions } from '@tanstack/react-query';
import { gqlRequest } from '../../graphql/client';
import { TradingModeDocument, TradingStatusDocument } from '../../graphql/generated/graphql';

export const tradingKeys = {
  all: ['trading'] as const,
  status: () => [...tradingKeys.all, 'status'] as const,
  mode: () => [...tradingKeys.all, 'mode'] as const,
};

/** How often a visible trading status refreshes (market open/close times move on). */
export const TRADING_STATUS_REFRESH_MS = 60_000;

export function tradingStatusQuery() {
  return queryOptions({ queryKey: tradingKeys.status(), queryFn: () => gqlRequest(TradingStatusDocument) });
}

/** The trading mode configuration: requested and effective mode, brokers, risk preferences. */
export function tradingModeQuery() {
  return queryOptions({ queryKey: tradingKeys.mode(), queryFn: () => gqlRequest(TradingModeDocument) });
}
