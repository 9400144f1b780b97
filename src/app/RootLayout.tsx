import { Outlet } from '@tanstack/react-router';
import { AuthGate } from '../features/auth/AuthGate';
import { ThemeServerSync } from './ThemeServerSync';

/**
 * Above every route: the sign-in gate (login screen until a session exists when AUTH_MODE=otp), then the
 * theme's server sync (signed in only: it reads the user) and the matched route (the shell or a full-screen page).
 */
export function RootLayout() {
  return (
    <AuthGate>
      <ThemeServerSync />
      <Outlet />
    </AuthGate>
  );
}
