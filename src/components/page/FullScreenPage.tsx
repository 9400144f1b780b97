import { Box, Center, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { usePageTitle } from '../../lib/usePageTitle';
import { BrandMark } from '../layout/BrandMark';

interface FullScreenPageProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** Shown at the card's top right, beside the title (the wizard's close X). */
  action?: ReactNode;
}

/** A page outside the shell (onboarding, OAuth callback): logo, a centred card with the h1 and content. */
export function FullScreenPage({ title, description, children, action }: FullScreenPageProps) {
  usePageTitle(title);
  return (
    <Center as="main" minH="100dvh" px="4" py="10" bg="bg">
      <Stack gap="6" w="full" maxW="2xl">
        <Box alignSelf="center">
          <BrandMark />
        </Box>
        <Stack gap="6" bg="bg.panel" borderWidth="1px" borderRadius="2xl" boxShadow="sm" p={{ base: '6', md: '10' }}>
          <Stack gap="2">
            <HStack justify="space-between" align="flex-start" gap="3">
              <Heading as="h1" size={{ base: '2xl', md: '3xl' }} letterSpacing="tight">
                {title}
              </Heading>
              {action}
            </HStack>
            {description ? <Text color="fg.muted">{description}</Text> : null}
          </Stack>
          {children}
        </Stack>
      </Stack>
    </Center>
  );
}
