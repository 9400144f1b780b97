import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/pnl-analysis')({
  beforeLoad: () => {
    throw redirect({ to: '/analytics', search: { tab: 'pnl' }, replace: true });
  },
});
