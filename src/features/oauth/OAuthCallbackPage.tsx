import { Button, HStack } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { LuLayoutDashboard, LuPlug } from 'react-icons/lu';
import { EmptyStateCard } from '../../components/page/EmptyStateCard';
import { FullScreenPage } from '../../components/page/FullScreenPage';

/** Return point of a broker's OAuth flow. Broker connections arrive in a later version. */
export function OAuthCallbackPage() {
  return (
    <FullScreenPage title="Connecting your broker">
      <EmptyStateCard
        icon={LuPlug}
        title="Broker connections are not available yet"
        description="When you connect a broker, this page will finish the connection and take you back to setup."
      />
      <HStack justify="flex-end">
        <Button asChild colorPalette="brand">
          <Link to="/dashboard">
            <LuLayoutDashboard />
            Go to Dashboard
          </Link>
        </Button>
      </HStack>
    </FullScreenPage>
  );
}
