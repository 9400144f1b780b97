import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gqlRequest } from '../../graphql/client';
import {
  ActivateStrategyDocument,
  CreateStrategyDocument,
  DeactivateStrategyDocument,
  DeleteStrategyDocument,
  EvolveStrategyDocument,
  UpdateStrategyDocument,
  type CreateStrategyInput,
  type EvolveStrategyInput,
  type UpdateStrategyInput,
} from '../../graphql/generated/graphql';
import { applyStrategy, removeStrategy, strategyKeys } from './queries';

// Strategies are server-read for now (ARCHITECTURE "Two client data patterns"): every write goes to the server at
// once (never queued offline) and its answer lands in the cached lists and detail.

export function useCreateStrategy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...strategyKeys.all, 'create'],
    mutationFn: (input: CreateStrategyInput) => gqlRequest(CreateStrategyDocument, { input }),
    networkMode: 'always',
    onSuccess: ({ createStrategy }) => applyStrategy(queryClient, createStrategy),
  });
}

export function useDeleteStrategy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...strategyKeys.all, 'delete'],
    mutationFn: (id: string) => gqlRequest(DeleteStrategyDocument, { id }),
    networkMode: 'always',
    onSuccess: (_answer, id) => removeStrategy(queryClient, id),
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
    onSuccess: (strategy) => applyStrategy(queryClient, strategy),
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

/**
 * Changes a strategy (a template's parameters, symbols, interval, or a whole definition as `code`); a changed
 * definition comes back with its version one higher. Its new state lands in the lists and detail, and every query
 * under its detail key (the configuration with its `code`) is read again.
 */
export function useUpdateStrategy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...strategyKeys.all, 'update'],
    mutationFn: async ({ id, input }: { id: string; input: UpdateStrategyInput }) =>
      (await gqlRequest(UpdateStrategyDocument, { id, input })).updateStrategy,
    networkMode: 'always',
    onSuccess: async (strategy) => {
      applyStrategy(queryClient, strategy);
      await queryClient.invalidateQueries({ queryKey: strategyKeys.detail(strategy.id) });
    },
  });
}
