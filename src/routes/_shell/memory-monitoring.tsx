import { createFileRoute } from '@tanstack/react-router';
import { MemoryMonitoringPage } from '../../features/memory/MemoryMonitoringPage';

export const Route = createFileRoute('/_shell/memory-monitoring')({ component: MemoryMonitoringPage });
