import { useMutation, useQueryClient } from '@tanstack/react-query';
import { localDb } from '../../../data/db';
import { storeServerStrategy } from '../../../data/strategies';
import { gqlRequest } from '../../../graphql/client';
import {
  ApplyOptimisationDocument,
  CancelOptimisationDocument,
  StartOptimisationDocument,
  type OptimisationInput,
} from '../../../graphql/generated/graphql';
import { applyStrategy, strategyKeys } from '../../strategies/queries';
import { backtestKeys } from '../queries';
import { applyOptimisationRun } from './queries';

/** Starts an optimisation run on the server (never queued offline: it needs the server's bars and threads). */
export function useStartOptimisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...backtestKeys.optimisations(), 'start'],
    mutationFn: async (input: OptimisationInput) =>
      (await gqlRequest(StartOptimisationDocument, { input })).startOptimisation,
    networkMode: 'always',
    onSuccess: (run) => applyOptimisationRun(queryClient, run),
  });
}

export function useCancelOptimisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...backtestKeys.optimisations(), 'cancel'],
    mutationFn: async (id: string) => (await gqlRequest(CancelOptimisationDocument, { id })).cancelBacktest,
    networkMode: 'always',
    onSuccess: (run) => applyOptimisationRun(queryClient, run),
  });
}

/**
 * Saves a finished run's winner as the strategy's next version (online only, like activation): the answer lands in
 * the cached lists and detail and in this device's copy; the runs (their `appliedVersion`) and versions are read again.
 */
export function useApplyOptimisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...backtestKeys.optimisations(), 'apply'],
    mutationFn: async (id: string) => (await gqlRequest(ApplyOptimisationDocument, { id })).applyOptimisation,
    networkMode: 'always',
    onSuccess: async (strategy) => {
      applyStrategy(queryClient, strategy);
      await storeServerStrategy(localDb(), strategy);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: backtestKeys.optimisations() }),
        queryClient.invalidateQueries({ queryKey: strategyKeys.all }),
      ]);
    },
  });
}
