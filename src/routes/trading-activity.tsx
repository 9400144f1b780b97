import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/trading-activity')({
  beforeLoad: () => {
    throw redirect({ to: '/activity', replace: true });
  },
});
