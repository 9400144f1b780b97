import { Outlet } from '@tanstack/react-router';
import { AuthGate } from '../features/auth/AuthGate';
import { ThemeServerSync } from '../theme/ThemeServerSync';

/** Above every route: the theme's server sync, then the matched route (the shell or a full-screen page). */
export function RootLayout() {
  return (
    <>
      <ThemeServerSync />
      <AuthGate>
        <Outlet />
      </AuthGate>
    </>
  );
}
