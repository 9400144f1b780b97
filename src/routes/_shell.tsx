import { createFileRoute } from '@tanstack/react-router';
import { AppShell } from '../app/shell/AppShell';
import { NotFoundPage } from '../features/not-found/NotFoundPage';

/** Pathless layout: every page with the side navigation. */
export const Route = createFileRoute('/_shell')({ component: AppShell, notFoundComponent: NotFoundPage });
