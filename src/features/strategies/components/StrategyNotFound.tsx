import { LuSearchX } from 'react-icons/lu';
import { EmptyStateCard } from '../../../components/page/EmptyStateCard';

/** An unknown, deleted or another user's strategy id (the server answers null for each). */
export function StrategyNotFound() {
  return (
    <EmptyStateCard
      icon={LuSearchX}
      title="Strategy not found"
      description="This strategy does not exist or was deleted."
    />
  );
}
