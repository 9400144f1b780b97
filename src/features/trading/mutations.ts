import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gqlRequest } from '../../graphql/client';
import { errorText } from '../../graphql/errors';
import { UpdateTradingModeDocument, type TradingMode } from '../../graphql/generated/graphql';
import { tradingKeys } from './queries';

export const UPDATE_TRADING_MODE_KEY = [...tradingKeys.all, 'updateMode'] as const;

interface UpdateTradingModeHandlers {
  onSwitched(mode: TradingMode): void;
  /** The server refused the switch (its error text) or the request failed (spec §8 text). */
  onFailed(message: string): void;
}

/** Asks the server to switch mode; on success the trading configuration and status are refetched. */
export function useUpdateTradingMode({ onSwitched, onFailed }: UpdateTradingModeHandlers) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: UPDATE_TRADING_MODE_KEY,
    mutationFn: (mode: TradingMode) => gqlRequest(UpdateTradingModeDocument, { input: { mode } }),
    onSuccess: async ({ updateTradingMode: result }) => {
      if (!result.success) {
        onFailed(result.error ?? result.message ?? 'Failed to update trading mode');
        return;
      }
      onSwitched(result.mode);
      await queryClient.invalidateQueries({ queryKey: tradingKeys.all });
    },
    onError: (error) => onFailed(errorText(error)),
  });
}
