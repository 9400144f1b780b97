import { createFileRoute } from '@tanstack/react-router';
import { NotFoundPage } from '../../features/not-found/NotFoundPage';

export const Route = createFileRoute('/_shell/$')({ component: NotFoundPage });
