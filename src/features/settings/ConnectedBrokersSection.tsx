import { Button, HStack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { LuArrowRight, LuLandmark } from 'react-icons/lu';
import { SectionCard } from '../../components/page/SectionCard';
import { brokerConnectionsQuery } from '../accounts/queries';

/** How many broker accounts are connected, with the way to Accounts where they are managed. */
export function ConnectedBrokersSection() {
  const connections = useQuery(brokerConnectionsQuery());
  const count = connections.data?.brokerConnections.length;
  const summary =
    count === undefined
      ? connections.isError
        ? 'Your broker accounts could not be loaded.'
        : 'Loading your broker accounts…'
      : count === 0
        ? 'No broker account connected yet.'
        : `${count} broker account${count === 1 ? '' : 's'} connected.`;
  return (
    <SectionCard title="Connected brokers" icon={LuLandmark}>
      <HStack justify="space-between" gap="3" flexWrap="wrap">
        <Text color="fg.muted">{summary}</Text>
        <Button asChild variant="outline" size="sm">
          <Link to="/accounts">
            Manage accounts
            <LuArrowRight />
          </Link>
        </Button>
      </HStack>
    </SectionCard>
  );
}
