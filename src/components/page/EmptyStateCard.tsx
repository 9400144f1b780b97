import { EmptyState, Icon } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { IconType } from 'react-icons';

interface EmptyStateCardProps {
  icon: IconType;
  title: string;
  /** One honest sentence: what will appear here, and that it is not available yet. */
  description: string;
  children?: ReactNode;
}

/** A bordered empty state: what a part of the app will show once it is available. Never sample data. */
export function EmptyStateCard({ icon, title, description, children }: EmptyStateCardProps) {
  return (
    <EmptyState.Root
      borderWidth="1px"
      borderStyle="dashed"
      borderRadius="xl"
      bg="bg.panel"
      size={{ base: 'sm', md: 'md' }}
    >
      <EmptyState.Content>
        <EmptyState.Indicator color="brand.fg" bg="brand.subtle" p="3" borderRadius="full">
          <Icon as={icon} />
        </EmptyState.Indicator>
        <EmptyState.Title as="h2" textAlign="center">
          {title}
        </EmptyState.Title>
        <EmptyState.Description textAlign="center" maxW="md">
          {description}
        </EmptyState.Description>
        {children}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
