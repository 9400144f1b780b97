import { useEffect, useState } from 'react';
import { QueryErrorState } from '../../../components/page/QueryErrorState';

/** A network failure as a request shows it; Retry shows the retrying state for a moment (nothing is fetched). */
const NETWORK_FAILURE = new TypeError('Failed to fetch');
const RETRY_SHOWN_MS = 1_500;

export function ErrorDemo() {
  const [retrying, setRetrying] = useState(false);
  useEffect(() => {
    if (!retrying) return undefined;
    const timer = setTimeout(() => setRetrying(false), RETRY_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [retrying]);
  return (
    <QueryErrorState error={NETWORK_FAILURE} what="Portfolio" onRetry={() => setRetrying(true)} retrying={retrying} />
  );
}
