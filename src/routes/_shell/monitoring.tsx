import { createFileRoute } from '@tanstack/react-router';
import { prefetchDashboard } from '../../features/dashboard/prefetchDashboard';
import { MonitoringPage } from '../../features/monitoring/MonitoringPage';

export const Route = createFileRoute('/_shell/monitoring')({ loader: prefetchDashboard, component: MonitoringPage });
