import { Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** One section of the preview: its title (h3), the server's reason when a figure is missing, its content. */
export function PreviewBlock({
  title,
  reason,
  children,
}: {
  title: string;
  reason?: string | null;
  children: ReactNode;
}) {
  return (
    <Stack as="section" aria-label={title} gap="3" borderTopWidth="1px" pt="4" minW="0">
      <Heading as="h3" textStyle="sm" fontWeight="semibold" textTransform="uppercase" letterSpacing="wide">
        {title}
      </Heading>
      {reason ? (
        <Text textStyle="sm" color="fg.muted">
          {reason}
        </Text>
      ) : null}
      {children}
    </Stack>
  );
}
