import { createFileRoute } from '@tanstack/react-router';
import { LoadingDemoPage } from '../../features/loading-demo/LoadingDemoPage';

export const Route = createFileRoute('/_shell/loading-demo')({ component: LoadingDemoPage });
