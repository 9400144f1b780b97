import { createFileRoute } from '@tanstack/react-router';
import { OAuthCallbackPage } from '../../features/oauth/OAuthCallbackPage';

export const Route = createFileRoute('/oauth/callback')({ component: OAuthCallbackPage });
