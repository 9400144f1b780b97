import { queryOptions } from '@tanstack/react-query';
import { gqlRequest } from '../../graphql/client';
import { TradingParametersDocument } from '../../graphql/generated/graphql';
import { fetchAppConfig } from '../../lib/appConfig';

/** One key hierarchy for what Settings reads beyond `me`: the user's trading parameters. */
export const settingsKeys = {
  all: ['settings'] as const,
  tradingParameters: () => [...settingsKeys.all, 'tradingParameters'] as const,
  appConfig: () => [...settingsKeys.all, 'appConfig'] as const,
};

/** The server's configuration (GET /api/config, loaded once per page): Settings reads its sign-in mode. */
export function appConfigQuery() {
  return queryOptions({ queryKey: settingsKeys.appConfig(), queryFn: fetchAppConfig, staleTime: Infinity });
}

/** The signed-in user's trading parameters (their own, or the default profile): GraphQL tradingParameters. */
export function tradingParametersQuery() {
  return queryOptions({
    queryKey: settingsKeys.tradingParameters(),
    queryFn: () => gqlRequest(TradingParametersDocument),
  });
}
