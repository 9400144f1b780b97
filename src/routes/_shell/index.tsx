import { createFileRoute } from '@tanstack/react-router';
import { DashboardPage } from '../../features/dashboard/DashboardPage';
import { prefetchDashboard } from '../../features/dashboard/prefetchDashboard';

export const Route = createFileRoute('/_shell/')({ loader: prefetchDashboard, component: DashboardPage });
