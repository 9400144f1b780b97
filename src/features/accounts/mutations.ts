import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gqlRequest } from '../../graphql/client';
import {
  ConnectBrokerDocument,
  DisconnectBrokerDocument,
  SyncBrokerAccountDocument,
  VerifyBrokerDocument,
  type BrokerCredentialsInput,
} from '../../graphql/generated/graphql';
import { brokerKeys } from './queries';

/** Broker writes are online only (never queued: a connection is checked by the broker as it is made). */
function useBrokerMutation<TInput, TResult>(name: string, mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...brokerKeys.all, name],
    mutationFn,
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: brokerKeys.connections() }),
  });
}

export function useConnectBroker() {
  return useBrokerMutation('connect', (input: { provider: string; credentials: BrokerCredentialsInput }) =>
    gqlRequest(ConnectBrokerDocument, input),
  );
}

export function useDisconnectBroker() {
  return useBrokerMutation('disconnect', (id: string) => gqlRequest(DisconnectBrokerDocument, { id }));
}

export function useSyncBroker() {
  return useBrokerMutation('sync', (id: string) => gqlRequest(SyncBrokerAccountDocument, { id }));
}

export function useVerifyBroker() {
  return useBrokerMutation('verify', (id: string) => gqlRequest(VerifyBrokerDocument, { input: { brokerId: id } }));
}
