import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gqlRequest } from '../../graphql/client';
import { UpdateTradingParametersDocument, type TradingParametersInput } from '../../graphql/generated/graphql';
import { tradingKeys } from '../trading/queries';
import { meQuery } from '../user/queries';
import { tradingParametersQuery } from './queries';

/**
 * Saves the trading parameters (online only: they govern the next order's risk check) and puts the answer into the
 * cache; the trading mode information, which reports the limits, and `me`, whose preferences hold the risk
 * tolerance, are read again.
 */
export function useUpdateTradingParameters() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['settings', 'updateTradingParameters'],
    mutationFn: (input: TradingParametersInput) => gqlRequest(UpdateTradingParametersDocument, { input }),
    networkMode: 'always',
    onSuccess: ({ updateTradingParameters }) => {
      queryClient.setQueryData(tradingParametersQuery().queryKey, { tradingParameters: updateTradingParameters });
      void queryClient.invalidateQueries({ queryKey: tradingKeys.mode() });
      // The risk tolerance is the preferences' one.
      void queryClient.invalidateQueries({ queryKey: meQuery().queryKey });
    },
  });
}

/** The field a BAD_USER_INPUT refusal names (`extensions.field`), or null. */
export function refusedField(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || !('response' in error)) return null;
  const { response } = error as { response?: { errors?: { extensions?: { field?: unknown } }[] } };
  const field = response?.errors?.[0]?.extensions?.field;
  return typeof field === 'string' ? field.replace(/^input\./, '') : null;
}
