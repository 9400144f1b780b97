import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gqlRequest } from '../../graphql/client';
import {
  CancelBacktestDocument,
  StartBacktestDocument,
  type EvolveStrategyInput,
} from '../../graphql/generated/graphql';
import { applyRun, backtestKeys } from './queries';

/** Starts a backtest run on the server (never queued offline: it needs the server's bars and threads). */
export function useStartBacktest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...backtestKeys.all, 'start'],
    mutationFn: async (input: EvolveStrategyInput) =>
      (await gqlRequest(StartBacktestDocument, { input })).startBacktest,
    networkMode: 'always',
    onSuccess: (run) => applyRun(queryClient, run),
  });
}

export function useCancelBacktest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...backtestKeys.all, 'cancel'],
    mutationFn: async (id: string) => (await gqlRequest(CancelBacktestDocument, { id })).cancelBacktest,
    networkMode: 'always',
    onSuccess: (run) => applyRun(queryClient, run),
  });
}
