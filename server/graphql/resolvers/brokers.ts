import { catalogueEntry } from '../../../src/domain/brokers/catalogue';
import { capabilitiesOf } from '../../services/brokers/capabilities';
import type { BrokerConnectionView } from '../../services/brokers/connections';
import { AppError } from '../../services/errors';
import type { MutationResolvers, QueryResolvers } from '../generated/resolvers';

const toGraphQL = (view: BrokerConnectionView) => ({
  ...view,
  status: view.status === 'connected' ? ('CONNECTED' as const) : ('ERROR' as const),
});

export const brokerQueries: Pick<QueryResolvers, 'brokerConnections' | 'brokerCapabilities'> = {
  brokerConnections: async (_parent, _args, { user, services }) =>
    (await services.brokerConnections.list(user.id)).map(toGraphQL),
  brokerCapabilities: (_parent, { provider }) => {
    const entry = catalogueEntry(provider);
    if (!entry) return null;
    const capabilities = (entry.connectable && capabilitiesOf(entry.id)) || {
      orderTypes: [],
      timesInForce: [],
      fractionalShares: false,
    };
    return {
      provider: entry.id,
      available: entry.connectable,
      oauthEnabled: entry.oauthEnabled,
      paperTrading: entry.supportedFeatures.includes('paper_trading'),
      orderTypes: [...capabilities.orderTypes],
      timesInForce: [...capabilities.timesInForce],
      fractionalShares: capabilities.fractionalShares,
    };
  },
};

export const brokerMutations: Pick<
  MutationResolvers,
  'connectBroker' | 'disconnectBroker' | 'syncBrokerAccount' | 'verifyBroker' | 'saveAlpacaCredentials'
> = {
  connectBroker: async (_parent, { provider, credentials }, { user, services }) =>
    toGraphQL(
      await services.brokerConnections.connectWithKeys(user.id, {
        provider,
        environment: credentials.environment === 'LIVE' ? 'live' : 'paper',
        apiKey: credentials.apiKey,
        apiSecret: credentials.apiSecret,
      }),
    ),
  disconnectBroker: (_parent, { id }, { user, services }) => services.brokerConnections.disconnect(user.id, id),
  syncBrokerAccount: async (_parent, { id }, { user, services }) =>
    toGraphQL(await services.brokerConnections.sync(user.id, id)),
  verifyBroker: async (_parent, { input }, { user, services }) => {
    const view = await services.brokerConnections.verify(user.id, input.brokerId);
    return view.isVerified
      ? { success: true, verified: true, brokerId: view.id, message: 'Broker connection verified', error: null }
      : { success: false, verified: false, brokerId: view.id, message: null, error: view.statusMessage };
  },
  saveAlpacaCredentials: async (_parent, { input }, { user, services }) => {
    try {
      const view = await services.brokerConnections.connectWithKeys(user.id, {
        provider: 'alpaca',
        environment: input.paper === false ? 'live' : 'paper',
        apiKey: input.apiKey,
        apiSecret: input.secretKey,
      });
      return { success: true, message: `Connected Alpaca account ${view.accountNumber}` };
    } catch (error) {
      // Field refusals stay errors (they name the field); the broker's own answers are this result's message.
      if (error instanceof AppError && error.code === 'broker_error') return { success: false, message: error.message };
      throw error;
    }
  },
};
