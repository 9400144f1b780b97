import { useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { catalogueEntry } from '../../domain/brokers/catalogue';
import { RestError } from '../accounts/brokersRest';
import { maskAccountNumber } from '../accounts/maskAccount';
import { brokerKeys } from '../accounts/queries';
import { CALLBACK_FAILED_TEXT, callbackRedirect, callbackStart, readCallbackParams } from './callbackDecision';
import { clearOAuthState, postOAuthCallback, storedOAuthState, type OAuthConnectedAccount } from './oauthFlow';

export type CallbackPhase =
  | { kind: 'processing' }
  | { kind: 'success'; brokerName: string; accounts: string[]; redirectTo: string }
  | { kind: 'error'; message: string; redirectTo: string };

const describe = (account: OAuthConnectedAccount) =>
  `${account.paperTrading ? 'Paper' : 'Live'} account ${maskAccountNumber(account.accountNumber)}`;

/**
 * Runs the callback once (rules in ./callbackDecision.ts): reads the URL and the state this tab stored (then clears
 * it), posts the code or the provider's error, and schedules the redirect.
 */
export function useOAuthCallback(): CallbackPhase {
  const [phase, setPhase] = useState<CallbackPhase>({ kind: 'processing' });
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const ran = useRef(false);
  useEffect(() => {
    if (ran.current) return;
    ran.current = true;
    const params = readCallbackParams(window.location.search);
    const stored = storedOAuthState();
    clearOAuthState();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const finish = (outcome: 'success' | 'error', show: (redirectTo: string) => CallbackPhase) => {
      const { path, delayMs } = callbackRedirect(outcome, stored, params.state);
      setPhase(show(path));
      timer = setTimeout(() => void navigate({ to: path }), delayMs);
    };
    const start = callbackStart(params);
    if (start.kind === 'invalid') {
      finish('error', (redirectTo) => ({ kind: 'error', message: start.message, redirectTo }));
    } else if (start.kind === 'denied') {
      // The state is used up on the server; the provider's answer is what the user needs to see.
      if (start.report) postOAuthCallback(start.report).catch(() => undefined);
      finish('error', (redirectTo) => ({ kind: 'error', message: start.message, redirectTo }));
    } else {
      postOAuthCallback({ code: start.code, state: start.state }).then(
        ({ brokerId, connections }) => {
          void queryClient.invalidateQueries({ queryKey: brokerKeys.all });
          const brokerName = catalogueEntry(brokerId)?.name ?? brokerId;
          finish('success', (redirectTo) => ({
            kind: 'success',
            brokerName,
            accounts: connections.map(describe),
            redirectTo,
          }));
        },
        (error: unknown) => {
          const message = error instanceof RestError && error.message ? error.message : CALLBACK_FAILED_TEXT;
          finish('error', (redirectTo) => ({ kind: 'error', message, redirectTo }));
        },
      );
    }
    return () => clearTimeout(timer);
  }, [navigate, queryClient]);
  return phase;
}
