import { useIsMutating, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { toast } from '../../components/toast/toaster';
import { gqlRequest } from '../../graphql/client';
import { errorText } from '../../graphql/errors';
import { UpdateTradingModeDocument, type TradingMode } from '../../graphql/generated/graphql';
import { tradingKeys, tradingModeQuery } from './queries';
import { createTradingModeStore } from './tradingModeStore';

const tradingModeStore = createTradingModeStore();
const UPDATE_MODE_KEY = [...tradingKeys.all, 'updateMode'] as const;

function switchFailed(message: string): void {
  tradingModeStore.fail(message);
  toast({ title: 'Failed to switch trading mode', description: message, variant: 'destructive' });
}

/**
 * The Paper/Live mode (spec §4): the stored mode until the server's configuration is loaded, then the
 * server's effective mode (paper when the configuration cannot be loaded). Switching asks the server;
 * a failure keeps the mode and the error and shows a toast; a success refetches the configuration.
 */
export function useTradingMode() {
  const state = useSyncExternalStore(tradingModeStore.subscribe, tradingModeStore.getState);
  const queryClient = useQueryClient();
  const config = useQuery(tradingModeQuery());
  const serverMode = config.data?.tradingMode.effectiveMode;

  useEffect(() => {
    if (serverMode) tradingModeStore.sync(serverMode);
  }, [serverMode]);

  const mutation = useMutation({
    mutationKey: UPDATE_MODE_KEY,
    mutationFn: (mode: TradingMode) => gqlRequest(UpdateTradingModeDocument, { input: { mode } }),
    onSuccess: async ({ updateTradingMode: result }) => {
      if (!result.success) {
        switchFailed(result.error ?? result.message ?? 'Failed to update trading mode');
        return;
      }
      tradingModeStore.confirm(result.mode);
      await queryClient.invalidateQueries({ queryKey: tradingKeys.all });
    },
    onError: (error) => switchFailed(errorText(error)),
  });
  const switching = useIsMutating({ mutationKey: UPDATE_MODE_KEY }) > 0;

  const mode: TradingMode = config.isError && !config.data ? 'paper' : state.mode;
  return {
    mode,
    error: state.error,
    switching,
    config,
    switchTo(next: TradingMode) {
      if (next !== mode && !switching) mutation.mutate(next);
    },
  };
}
