import type { IconType } from 'react-icons';
import { EmptyStateCard } from '../../../components/page/EmptyStateCard';
import type { BacktestRunStatus } from '../../../graphql/generated/graphql';

interface RunEndedCardProps {
  icon: IconType;
  /** "Backtest" or "Optimisation". */
  what: string;
  status: BacktestRunStatus;
  error: string | null;
}

/** A run that ended without a result: cancelled, or why it failed. */
export function RunEndedCard({ icon, what, status, error }: RunEndedCardProps) {
  const cancelled = status === 'CANCELLED';
  return (
    <EmptyStateCard
      icon={icon}
      title={`${what} ${cancelled ? 'cancelled' : 'failed'}`}
      description={
        cancelled
          ? 'This run was cancelled before it finished; it has no results.'
          : (error ?? 'The run stopped with an error.')
      }
    />
  );
}
