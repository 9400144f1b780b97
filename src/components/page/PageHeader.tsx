import { Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { usePageTitle } from '../../lib/usePageTitle';

interface PageHeaderProps {
  /** The page's h1, also used for the browser tab title. */
  title: string;
  description?: ReactNode;
  /** Controls shown at the right of the title (below it on phones). */
  actions?: ReactNode;
}

/** Every page's title (h1) and short description; sets `document.title` to `<title> · AI Trader`. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  usePageTitle(title);
  return (
    <Flex
      direction={{ base: 'column', sm: 'row' }}
      align={{ base: 'stretch', sm: 'flex-end' }}
      justify="space-between"
      gap="4"
      mb={{ base: '5', md: '8' }}
    >
      <Stack gap="1" minW="0">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }} letterSpacing="tight" wordBreak="break-word">
          {title}
        </Heading>
        {description ? (
          <Text color="fg.muted" textStyle={{ base: 'sm', md: 'md' }}>
            {description}
          </Text>
        ) : null}
      </Stack>
      {actions ? (
        <Flex gap="2" flexShrink="0">
          {actions}
        </Flex>
      ) : null}
    </Flex>
  );
}
