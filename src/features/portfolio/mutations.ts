import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gqlRequest } from '../../graphql/client';
import { ClosePositionDocument } from '../../graphql/generated/graphql';
import { fillToasts } from '../orders/fillToasts';
import { applyOrder, tradeKeys } from '../orders/queries';
import { portfolioKeys } from './queries';

/** Sells a percentage of a position with a market order; the portfolio and trades are refetched. */
export function useClosePosition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...portfolioKeys.all, 'close'],
    mutationFn: ({ symbol, percentage }: { symbol: string; percentage: number }) =>
      gqlRequest(ClosePositionDocument, { symbol, percentage }),
    networkMode: 'always',
    onSuccess: async ({ closePosition }) => {
      applyOrder(queryClient, closePosition);
      fillToasts.answer(closePosition);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: portfolioKeys.all }),
        queryClient.invalidateQueries({ queryKey: tradeKeys.all }),
      ]);
    },
  });
}
