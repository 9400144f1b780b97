import type { MarketStatus } from '../../graphql/generated/graphql';

/** How each market status is shown: its label and badge colour. */
export const MARKET_STATUS_DISPLAY: Record<MarketStatus, { label: string; palette: string }> = {
  OPEN: { label: 'Open', palette: 'green' },
  PRE_MARKET: { label: 'Pre-market', palette: 'blue' },
  AFTER_HOURS: { label: 'After hours', palette: 'purple' },
  CLOSED: { label: 'Closed', palette: 'gray' },
};
