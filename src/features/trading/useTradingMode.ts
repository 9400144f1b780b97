import { useIsMutating, useQuery } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { toast } from '../../components/toast/toaster';
import type { TradingMode } from '../../graphql/generated/graphql';
import { UPDATE_TRADING_MODE_KEY, useUpdateTradingMode } from './mutations';
import { tradingModeQuery } from './queries';
import { createTradingModeStore } from './tradingModeStore';

const tradingModeStore = createTradingModeStore();

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
  const config = useQuery(tradingModeQuery());
  const serverMode = config.data?.tradingMode.effectiveMode;

  useEffect(() => {
    if (serverMode) tradingModeStore.sync(serverMode);
  }, [serverMode]);

  const mutation = useUpdateTradingMode({ onSwitched: tradingModeStore.confirm, onFailed: switchFailed });
  const switching = useIsMutating({ mutationKey: UPDATE_TRADING_MODE_KEY }) > 0;

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
