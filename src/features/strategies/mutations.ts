import { useMutation, useQueryClient } from '@tanstack/react-query';
import { localDb } from '../../data/db';
import { forgetStrategy, storeServerStrategy } from '../../data/strategies';
import { gqlRequest } from '../../graphql/client';
import {
  ActivateStrategyDocument,
  DeactivateStrategyDocument,
  DeleteStrategyDocument,
  EvolveStrategyDocument,
  type EvolveStrategyInput,
} from '../../graphql/generated/graphql';
import { applyStrategy, removeStrategy, strategyKeys } from './queries';

// The writes that are never queued (ARCHITECTURE "Two client data patterns"): deletion and activation trade or cancel
// orders, so they go to the server at once, online only; the answer lands in the cached lists and detail and in this
// device's copy (src/data/strategies.ts). Creating and editing a strategy go through the outbox there.

export function useDeleteStrategy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...strategyKeys.all, 'delete'],
    mutationFn: (id: string) => gqlRequest(DeleteStrategyDocument, { id }),
    networkMode: 'always',
    onSuccess: async (_answer, id) => {
      removeStrategy(queryClient, id);
      await forgetStrategy(localDb(), id);
    },
  });
}

/**
 * Turns automated trading of a strategy on or off: the server then trades it on each closed bar of its interval, or
 * stops it and cancels the orders it left working. A refusal (a strategy without rules) is shown by the caller as it is.
 */
export function useSetStrategyActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...strategyKeys.all, 'setActive'],
    mutationFn: async ({ id, active }: { id: string; active: boolean }) =>
      active
        ? (await gqlRequest(ActivateStrategyDocument, { id })).activateStrategy
        : (await gqlRequest(DeactivateStrategyDocument, { id })).deactivateStrategy,
    networkMode: 'always',
    onSuccess: async (strategy) => {
      applyStrategy(queryClient, strategy);
      await storeServerStrategy(localDb(), strategy);
    },
  });
}

/** Runs a backtest (synchronous on the server); a stored strategy's new metrics are read again. */
export function useEvolveStrategy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...strategyKeys.all, 'evolve'],
    mutationFn: async (input: EvolveStrategyInput) =>
      (await gqlRequest(EvolveStrategyDocument, { input })).evolveStrategy,
    networkMode: 'always',
    onSuccess: async (backtest) => {
      if (backtest.strategyId !== null) await queryClient.invalidateQueries({ queryKey: strategyKeys.all });
    },
  });
}
