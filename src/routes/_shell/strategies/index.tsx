import { createFileRoute } from '@tanstack/react-router';
import { StrategiesPage } from '../../../features/strategies/StrategiesPage';

export const Route = createFileRoute('/_shell/strategies/')({ component: StrategiesPage });
