import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { gqlRequest } from '../../graphql/client';
import { PushConfigDocument } from '../../graphql/generated/graphql';
import { deviceSubscription, disablePush, enablePush, pushSupport } from './pushDevice';

/** One key hierarchy for push: the server's configuration and this browser's state. */
export const pushKeys = {
  all: ['push'] as const,
  config: () => [...pushKeys.all, 'config'] as const,
  device: () => [...pushKeys.all, 'device'] as const,
};

/** The server's VAPID public key and whether it sends push messages. */
export function pushConfigQuery() {
  return queryOptions({
    queryKey: pushKeys.config(),
    queryFn: () => gqlRequest(PushConfigDocument),
    staleTime: Infinity,
  });
}

/** This browser: its support and permission, and its subscription's endpoint (null: not subscribed). */
export function pushDeviceQuery() {
  return queryOptions({
    queryKey: pushKeys.device(),
    queryFn: async () => ({ support: pushSupport(), endpoint: (await deviceSubscription())?.endpoint ?? null }),
    networkMode: 'always',
    // The browser's own state: read afresh, never from the persisted cache.
    meta: { persist: false },
  });
}

/** Turns push on or off for this browser (online only: the server must know), then reads the browser's state again. */
export function useSetPush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['push', 'set'],
    mutationFn: async ({ on, publicKey }: { on: boolean; publicKey: string }) => {
      if (on) await enablePush(publicKey);
      else await disablePush();
    },
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: pushKeys.device() }),
  });
}
