import { useQueryClient } from '@tanstack/react-query';
import { lazy, startTransition, Suspense, useEffect, useState, type ReactNode } from 'react';
import { FullScreenSpinner } from '../../components/page/FullScreenSpinner';
import { browserSession } from '../../app/browserSession';
import { fetchAppConfig, type AppConfig } from '../../lib/appConfig';
import { readStored, writeStored } from '../../lib/storage';
import { restoreSession } from './restoreSession';

// Only a signed-out user with AUTH_MODE=otp sees it: loaded on demand, not with the app.
const LoginPage = lazy(() => import('./LoginPage').then(({ LoginPage }) => ({ default: LoginPage })));
// Only a signed-in user with AUTH_MODE=otp has a session to warn about.
const SessionNotices = lazy(() =>
  import('./SessionNotices').then(({ SessionNotices }) => ({ default: SessionNotices })),
);

/** The last auth mode the server announced, so an offline start still knows whether to gate. */
const AUTH_MODE_KEY = 'authMode';

async function loadAuthMode(): Promise<AppConfig['authMode']> {
  try {
    const { authMode } = await fetchAppConfig();
    writeStored(AUTH_MODE_KEY, authMode);
    return authMode;
  } catch {
    return readStored(AUTH_MODE_KEY) === 'otp' ? 'otp' : 'single';
  }
}

type GateState = 'loading' | 'open' | 'signed-in' | 'signed-out';

/**
 * Spec §4 Auth state: with AUTH_MODE=single the app opens signed in as the default user; with
 * AUTH_MODE=otp every route is replaced by the login screen until a session exists. Sessions ending
 * here or in another tab (sign-out, expiry) bring the login screen back.
 *
 * Opening the gate (to the app) is a transition: the whole screen is built in a background render React splits
 * into slices, while the spinner or the login screen stays on screen until it commits (never a blank page).
 * Closing it (signed out) is urgent.
 */
export function AuthGate({ children }: { children: ReactNode }) {
  const [state, setState] = useState<GateState>('loading');
  const queryClient = useQueryClient();

  useEffect(() => {
    let cancelled = false;
    const session = browserSession();
    const stop = session.start({ window, document });
    // Single-user mode ('open') has no sessions to follow: Logout there only reloads.
    const unsubscribe = session.subscribe((event) => {
      if (event.type === 'signed-in') {
        startTransition(() => setState((current) => (current === 'open' ? current : 'signed-in')));
      } else if (event.type === 'signed-out' || event.type === 'expired') {
        setState((current) => (current === 'open' ? current : 'signed-out'));
        // What the signed-out user's queries cached must not be shown to whoever signs in next.
        queryClient.clear();
      }
    });
    void loadAuthMode().then(async (mode) => {
      if (mode === 'single') {
        if (!cancelled) startTransition(() => setState('open'));
        return;
      }
      const restored = await restoreSession();
      if (cancelled) return;
      if (restored) startTransition(() => setState('signed-in'));
      else setState('signed-out');
    });
    return () => {
      cancelled = true;
      unsubscribe();
      stop();
    };
  }, [queryClient]);

  if (state === 'loading') return <FullScreenSpinner />;
  if (state === 'signed-out') {
    return (
      <Suspense fallback={<FullScreenSpinner />}>
        <LoginPage />
      </Suspense>
    );
  }
  return (
    <>
      {state === 'signed-in' ? (
        <Suspense fallback={null}>
          <SessionNotices />
        </Suspense>
      ) : null}
      {children}
    </>
  );
}
