import { HStack } from '@chakra-ui/react';
import { LuPlug } from 'react-icons/lu';
import { EmptyStateCard } from '../../components/page/EmptyStateCard';
import { DashboardLinkButton } from '../../components/page/DashboardLinkButton';
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
        <DashboardLinkButton />
      </HStack>
    </FullScreenPage>
  );
}
