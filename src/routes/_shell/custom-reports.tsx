import { createFileRoute } from '@tanstack/react-router';
import { CustomReportsPage } from '../../features/reports/CustomReportsPage';

export const Route = createFileRoute('/_shell/custom-reports')({ component: CustomReportsPage });
