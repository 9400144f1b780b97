import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/risk-analytics')({
  beforeLoad: () => {
    throw redirect({ to: '/analytics', search: { tab: 'risk' }, replace: true });
  },
});
