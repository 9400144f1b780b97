import { Code, Icon, Stack, Text } from '@chakra-ui/react';
import { useLocation } from '@tanstack/react-router';
import { LuArrowLeft, LuMapPinOff } from 'react-icons/lu';
import { DashboardLinkButton } from '../../components/page/DashboardLinkButton';
import { PageHeader } from '../../components/page/PageHeader';

/** Any path the app does not know (inside the shell). */
export function NotFoundPage() {
  const pathname = useLocation({ select: (location) => location.pathname });
  return (
    <>
      <PageHeader title="Page not found" />
      <Stack
        align="center"
        textAlign="center"
        gap="4"
        py="12"
        px="4"
        borderWidth="1px"
        borderStyle="dashed"
        borderRadius="xl"
        bg="bg.panel"
      >
        <Icon as={LuMapPinOff} boxSize="10" color="fg.subtle" />
        <Text color="fg.muted" maxW="md">
          There is no page at{' '}
          <Code wordBreak="break-all" data-testid="not-found-path">
            {pathname}
          </Code>
          . It may have moved, or the address may be mistyped.
        </Text>
        <DashboardLinkButton label="Back to Dashboard" icon={LuArrowLeft} />
      </Stack>
    </>
  );
}
