import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useReducer, useState } from 'react';
import { browserSession } from '../../app/browserSession';
import { loginErrorText, verifyErrorText } from '../../domain/auth/loginErrors';
import { initialLoginState, loginInput, loginReducer } from '../../domain/auth/loginFlow';
import { isSignedInResult } from '../../domain/auth/signInResult';
import type { SessionUser } from '../../domain/session';
import { toast } from '../../components/toast/toaster';
import { gqlRequest } from '../../graphql/client';
import { graphQLErrorMessages, isNetworkError, NETWORK_ERROR_TEXT } from '../../graphql/errors';
import { SendLoginCodeDocument, VerifyLoginCodeDocument } from '../../graphql/generated/graphql';
import { pathAfterSignIn } from '../onboarding/firstSignIn';

/** The text for a request that threw: the network text, or the server's message mapped like an `error` field. */
function thrownText(error: unknown, map: (message: string | undefined) => string): string {
  return isNetworkError(error) ? NETWORK_ERROR_TEXT : map(graphQLErrorMessages(error)[0]);
}

/** The login screen's behaviour: the pure flow (domain/auth/loginFlow) plus the two server calls. */
export function useLoginFlow() {
  const [state, dispatch] = useReducer(loginReducer, initialLoginState);
  const [pending, setPending] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const startSession = async (result: { token: string; user: SessionUser }, expiresAt?: string | null) => {
    // Nothing cached for an earlier user may be shown to this one.
    queryClient.clear();
    // A user whose setup is due opens on it (the login screen stays until the route has changed underneath).
    const firstPath = await pathAfterSignIn(result.token);
    if (firstPath && window.location.pathname !== firstPath) await navigate({ to: firstPath });
    const serverExpiry = expiresAt ? Date.parse(expiresAt) : null;
    browserSession().signIn(result.token, result.user, serverExpiry);
  };

  const fail = (title: 'Login Failed' | 'Verification Failed', message: string) => {
    dispatch({ type: 'failed', error: message });
    toast({ title, description: message, variant: 'destructive' });
  };

  const sendCode = async () => {
    const input = loginInput(state);
    if (!input) {
      fail('Login Failed', loginErrorText(state.channel === 'phone' ? 'invalid_phone_number' : 'invalid_email'));
      return;
    }
    setPending(true);
    try {
      const { login } = await gqlRequest(SendLoginCodeDocument, { input });
      if (isSignedInResult(login)) {
        // A server that signs in without a code (single-user mode) answers with the session at once.
        await startSession(login);
        toast({ title: 'Login Successful', description: 'Welcome back!' });
      } else if (login.success && login.methodId) {
        dispatch({ type: 'codeSent', methodId: login.methodId });
      } else {
        fail('Login Failed', loginErrorText(login.error));
      }
    } catch (error) {
      fail('Login Failed', thrownText(error, loginErrorText));
    } finally {
      setPending(false);
    }
  };

  const verify = async () => {
    const input = loginInput(state);
    if (!input || !state.methodId) return;
    setPending(true);
    try {
      const { verifyOTP } = await gqlRequest(VerifyLoginCodeDocument, {
        input: { ...input, code: state.code, methodId: state.methodId },
      });
      if (isSignedInResult(verifyOTP)) {
        // Still pending on success: the login screen stays while the app renders behind the gate's transition,
        // and the used code must not be sent again from it.
        await startSession(verifyOTP, verifyOTP.expiresAt);
        toast({ title: 'Verification Successful', description: 'You are now logged in!' });
        return;
      }
      fail('Verification Failed', verifyErrorText(verifyOTP.error));
    } catch (error) {
      fail('Verification Failed', thrownText(error, verifyErrorText));
    }
    setPending(false);
  };

  return { state, dispatch, pending, sendCode, verify };
}
