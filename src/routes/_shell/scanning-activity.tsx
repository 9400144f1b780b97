import { createFileRoute } from '@tanstack/react-router';
import { ScanningActivityPage } from '../../features/scanning/ScanningActivityPage';

export const Route = createFileRoute('/_shell/scanning-activity')({ component: ScanningActivityPage });
