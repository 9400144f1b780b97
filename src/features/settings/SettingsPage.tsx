import { SimpleGrid, Stack } from '@chakra-ui/react';
import { ComponentErrorBoundary } from '../../components/errors/boundaries';
import { PageHeader } from '../../components/page/PageHeader';
import { AboutSection } from './AboutSection';
import { AccountSection } from './AccountSection';
import { AppearanceSection } from './AppearanceSection';
import { ConnectedBrokersSection } from './ConnectedBrokersSection';
import { PushNotificationsSection } from '../push/PushNotificationsSection';
import { PreferencesSection } from './PreferencesSection';
import { TradingModeSection } from './TradingModeSection';
import { TradingParametersSection } from './TradingParametersSection';

export function SettingsPage() {
  return (
    <>
      <PageHeader
        title="Settings"
        description="Appearance, preferences, trading mode and parameters, your brokers and your account."
      />
      <Stack gap="5">
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="5" alignItems="start">
          <ComponentErrorBoundary name="Appearance">
            <AppearanceSection />
          </ComponentErrorBoundary>
          <ComponentErrorBoundary name="Trading mode">
            <TradingModeSection />
          </ComponentErrorBoundary>
        </SimpleGrid>
        <ComponentErrorBoundary name="Preferences">
          <PreferencesSection />
        </ComponentErrorBoundary>
        <ComponentErrorBoundary name="Push notifications">
          <PushNotificationsSection />
        </ComponentErrorBoundary>
        <ComponentErrorBoundary name="Trading parameters">
          <TradingParametersSection />
        </ComponentErrorBoundary>
        <ComponentErrorBoundary name="Connected brokers">
          <ConnectedBrokersSection />
        </ComponentErrorBoundary>
        <ComponentErrorBoundary name="Your account">
          <AccountSection />
        </ComponentErrorBoundary>
        <AboutSection />
      </Stack>
    </>
  );
}
