import { Outlet } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { AuthGate } from '../features/auth/AuthGate';

// Renders nothing: it loads beside the first screen instead of before it.
const ThemeServerSync = lazy(() =>
  import('./ThemeServerSync').then(({ ThemeServerSync }) => ({ default: ThemeServerSync })),
);

/**
 * Above every route: the sign-in gate (login screen until a session exists when AUTH_MODE=otp), then the
 * theme's server sync (signed in only: it reads the user) and the matched route (the shell or a full-screen page).
 * The gate opens in a transition, so the route's first render is a background one (see AuthGate).
 */
export function RootLayout() {
  return (
    <AuthGate>
      <Suspense fallback={null}>
        <ThemeServerSync />
      </Suspense>
      <Outlet />
    </AuthGate>
  );
}
