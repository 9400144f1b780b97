/**
 * The broker catalogue (spec §3 "Broker (catalogue entry)", issue 14 point 2): the four built-in entries the
 * onboarding wizard and the Accounts page offer, as GET /api/brokers/available serves them.
 *
 * Rules:
 * - Four entries, one per kind the spec names: a commission-free stock broker with paper trading (Alpaca), a
 *   full-service broker (Charles Schwab), a large discount broker (Tradier) and a professional multi-asset broker
 *   without OAuth (Interactive Brokers, whose credentials dialog also asks for an account ID).
 * - `connectable` says whether this app has an adapter for the entry: an entry without one is listed as not yet
 *   available and can never be connected (a request to connect it is refused, never faked).
 * - Logos are the app's own files under /brokers/ (monograms, no external hosts).
 * - Feature names are stable identifiers the client may show as badges.
 * - `apiCredentials` says what the API-credentials dialog asks for: a key and a secret (Alpaca, Interactive Brokers),
 *   or one access token (Tradier's personal tokens, e.g. of a sandbox account).
 */

export type BrokerType = 'stocks' | 'multi-asset';

export type BrokerFeature =
  | 'stocks'
  | 'etfs'
  | 'options'
  | 'futures'
  | 'forex'
  | 'paper_trading'
  | 'fractional_shares'
  | 'commission_free'
  | 'research'
  | 'advisory';

/** What a broker's API credentials are: a key and a secret, or one access token. */
export type ApiCredentialsKind = 'key-and-secret' | 'access-token';

export interface BrokerCatalogueEntry {
  id: string;
  name: string;
  type: BrokerType;
  brokerLogoUrl: string;
  brokerDescription: string;
  supportedFeatures: readonly BrokerFeature[];
  oauthEnabled: boolean;
  /** Whether this app can connect it (an adapter exists). */
  connectable: boolean;
  /** The credentials dialog also asks for the account ID (spec §5: the multi-asset broker only). */
  requiresAccountId: boolean;
  apiCredentials: ApiCredentialsKind;
}

export const BROKER_CATALOGUE: readonly BrokerCatalogueEntry[] = [
  {
    id: 'alpaca',
    name: 'Alpaca',
    type: 'stocks',
    brokerLogoUrl: '/brokers/alpaca.svg',
    brokerDescription:
      'Commission-free US stocks and ETFs through an API, with a free paper trading account to practise on.',
    supportedFeatures: ['stocks', 'etfs', 'paper_trading', 'fractional_shares', 'commission_free'],
    oauthEnabled: true,
    connectable: true,
    requiresAccountId: false,
    apiCredentials: 'key-and-secret',
  },
  {
    id: 'schwab',
    name: 'Charles Schwab',
    type: 'stocks',
    brokerLogoUrl: '/brokers/schwab.svg',
    brokerDescription: 'Full-service broker with research, advice and branches, for stocks, ETFs and options.',
    supportedFeatures: ['stocks', 'etfs', 'options', 'research', 'advisory'],
    oauthEnabled: true,
    connectable: false,
    requiresAccountId: false,
    apiCredentials: 'key-and-secret',
  },
  {
    id: 'tradier',
    name: 'Tradier',
    type: 'stocks',
    brokerLogoUrl: '/brokers/tradier.svg',
    brokerDescription: 'Discount broker built for API trading of stocks, ETFs and options, with a sandbox account.',
    supportedFeatures: ['stocks', 'etfs', 'options', 'paper_trading'],
    oauthEnabled: true,
    connectable: true,
    requiresAccountId: false,
    apiCredentials: 'access-token',
  },
  {
    id: 'interactive-brokers',
    name: 'Interactive Brokers',
    type: 'multi-asset',
    brokerLogoUrl: '/brokers/interactive-brokers.svg',
    brokerDescription:
      'Professional multi-asset broker: stocks, options, futures and forex on markets worldwide. Connects with API credentials and an account ID.',
    supportedFeatures: ['stocks', 'etfs', 'options', 'futures', 'forex', 'paper_trading'],
    oauthEnabled: false,
    connectable: false,
    requiresAccountId: true,
    apiCredentials: 'key-and-secret',
  },
];

export function catalogueEntry(id: string): BrokerCatalogueEntry | undefined {
  return BROKER_CATALOGUE.find((entry) => entry.id === id);
}
