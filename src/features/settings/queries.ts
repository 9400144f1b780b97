import { queryOptions } from '@tanstack/react-query';
import { gqlRequest } from '../../graphql/client';
import { TradingParametersDocument } from '../../graphql/generated/graphql';

/** One key hierarchy for what Settings reads beyond `me`: the user's trading parameters. */
export const settingsKeys = {
  all: ['settings'] as const,
  tradingParameters: () => [...settingsKeys.all, 'tradingParameters'] as const,
};

/** The signed-in user's trading parameters (their own, or the default profile): GraphQL tradingParameters. */
export function tradingParametersQuery() {
  return queryOptions({
    queryKey: settingsKeys.tradingParameters(),
    queryFn: () => gqlRequest(TradingParametersDocument),
  });
}
