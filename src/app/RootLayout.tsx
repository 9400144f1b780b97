import { Outlet } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { RenderInBackground } from '../components/page/RenderInBackground';
import { AuthGate } from '../features/auth/AuthGate';

// Renders nothing: it loads beside the first screen instead of before it.
const ThemeServerSync = lazy(() =>
  import('./ThemeServerSync').then(({ ThemeServerSync }) => ({ default: ThemeServerSync })),
);

/**
 * Above every route: the sign-in gate (login screen until a session exists when AUTH_MODE=otp), then the
 * theme's server sync (signed in only: it reads the user) and the matched route (the shell or a full-screen page).
 * The gate opens on a promise (the auth mode, the session), a plain update React would render in one long task
 * with the whole screen in it, so the route is mounted in a background render, in slices.
 */
export function RootLayout() {
  return (
    <AuthGate>
      <Suspense fallback={null}>
        <ThemeServerSync />
      </Suspense>
      <RenderInBackground>
        <Outlet />
      </RenderInBackground>
    </AuthGate>
  );
}
