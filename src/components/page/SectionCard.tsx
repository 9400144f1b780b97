import { Card, HStack, Icon } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { IconType } from 'react-icons';

interface SectionCardProps {
  title: string;
  icon?: IconType;
  description?: ReactNode;
  /** Shown at the right of the title (a status badge, a small action). */
  aside?: ReactNode;
  children: ReactNode;
}

/** A titled card (h2) used for the sections of a page. */
export function SectionCard({ title, icon, description, aside, children }: SectionCardProps) {
  return (
    <Card.Root as="section" variant="outline" bg="bg.panel" borderRadius="xl" aria-label={title}>
      <Card.Header pb="2">
        <HStack justify="space-between" gap="3" align="center">
          <HStack gap="2" minW="0">
            {icon ? <Icon as={icon} color="brand.fg" boxSize="4.5" /> : null}
            <Card.Title as="h2" textStyle="md" fontWeight="semibold">
              {title}
            </Card.Title>
          </HStack>
          {aside}
        </HStack>
        {description ? <Card.Description>{description}</Card.Description> : null}
      </Card.Header>
      <Card.Body pt="3">{children}</Card.Body>
    </Card.Root>
  );
}
