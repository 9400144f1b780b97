import { Badge, HStack, List, Text } from '@chakra-ui/react';
import { DashboardLinkButton } from '../../components/page/DashboardLinkButton';
import { FullScreenPage } from '../../components/page/FullScreenPage';

/** The three steps of the setup wizard (spec §2 Onboarding wizard). */
const STEPS = ['Connect Your Broker', 'Set Trading Parameters', 'Choose Trading Mode'] as const;

export function OnboardingPage() {
  return (
    <FullScreenPage
      title="Getting Started"
      description="Setting up takes three steps. The guided setup is not available yet; until then the app runs in paper mode with its defaults."
    >
      <List.Root as="ol" gap="3" listStyle="none" m="0" p="0">
        {STEPS.map((step, index) => (
          <List.Item key={step}>
            <HStack gap="3" p="3" borderWidth="1px" borderRadius="lg" bg="bg.subtle">
              <Badge colorPalette="brand" variant="subtle" borderRadius="full" px="2.5">
                {index + 1}
              </Badge>
              <Text fontWeight="medium">{step}</Text>
            </HStack>
          </List.Item>
        ))}
      </List.Root>
      <HStack justify="flex-end">
        <DashboardLinkButton />
      </HStack>
    </FullScreenPage>
  );
}
