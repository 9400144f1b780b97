import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/trading-metrics')({
  beforeLoad: () => {
    throw redirect({ to: '/analytics', search: { tab: 'metrics' }, replace: true });
  },
});
