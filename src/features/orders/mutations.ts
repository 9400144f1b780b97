import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gqlRequest } from '../../graphql/client';
import {
  CancelAllOrdersDocument,
  CancelOrderDocument,
  PlaceOrderDocument,
  type PlaceOrderInput,
} from '../../graphql/generated/graphql';
import { portfolioKeys } from '../portfolio/queries';
import { fillToasts } from './fillToasts';
import { applyOrder, orderKeys, tradeKeys } from './queries';

/** Sends an order (never queued offline); the answer goes into the cached lists and the portfolio is refetched. */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...orderKeys.all, 'place'],
    mutationFn: (input: PlaceOrderInput) => gqlRequest(PlaceOrderDocument, { input }),
    networkMode: 'always',
    onSuccess: async ({ placeOrder }) => {
      applyOrder(queryClient, placeOrder);
      fillToasts.answer(placeOrder);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: portfolioKeys.all }),
        queryClient.invalidateQueries({ queryKey: tradeKeys.all }),
      ]);
    },
  });
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...orderKeys.all, 'cancel'],
    mutationFn: (id: string) => gqlRequest(CancelOrderDocument, { id }),
    networkMode: 'always',
    onSuccess: async ({ cancelOrder }) => {
      applyOrder(queryClient, cancelOrder);
      await queryClient.invalidateQueries({ queryKey: portfolioKeys.all });
    },
  });
}

export function useCancelAllOrders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...orderKeys.all, 'cancelAll'],
    mutationFn: (symbol: string | null) => gqlRequest(CancelAllOrdersDocument, { symbol }),
    networkMode: 'always',
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
        queryClient.invalidateQueries({ queryKey: portfolioKeys.all }),
      ]);
    },
  });
}
