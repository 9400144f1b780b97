import type { OpportunityAlertRecord } from '../../../src/domain/opportunities/alert';
import { timeToExpiry } from '../../../src/domain/opportunities/opportunity';
import type {
  MutationResolvers,
  OpportunityAlert,
  QueryResolvers,
  SubscriptionResolvers,
} from '../generated/resolvers';
import type { GraphQLContext } from '../context';

/** The API's shape: timeToExpiry counted at read time from the stored expiry. */
function toApi(record: OpportunityAlertRecord, now: Date): OpportunityAlert {
  const { expiresAt, ...fields } = record;
  return { ...fields, timeToExpiry: timeToExpiry(Date.parse(expiresAt), now.getTime()) };
}

export const opportunityQueries: Pick<QueryResolvers, 'opportunityAlerts' | 'followedScans'> = {
  opportunityAlerts: async (_parent, args, { user, services }) => {
    const records = await services.opportunities.list(user.id, args);
    const now = services.opportunities.now();
    return records.map((record) => toApi(record, now));
  },
  followedScans: (_parent, _args, { user, services }) => services.opportunities.followed(user.id),
};

export const opportunityMutations: Pick<
  MutationResolvers,
  'markOpportunityAlertRead' | 'markAllOpportunityAlertsRead' | 'followScan' | 'unfollowScan'
> = {
  markOpportunityAlertRead: async (_parent, { id }, { user, services }) =>
    toApi(await services.opportunities.markRead(user.id, id), services.opportunities.now()),
  markAllOpportunityAlertsRead: (_parent, _args, { user, services }) => services.opportunities.markAllRead(user.id),
  followScan: (_parent, { scanType }, { user, services }) => services.opportunities.follow(user.id, scanType),
  unfollowScan: (_parent, { scanType }, { user, services }) => services.opportunities.unfollow(user.id, scanType),
};

export const opportunitySubscriptions: Pick<SubscriptionResolvers, 'opportunityAlerts'> = {
  opportunityAlerts: {
    subscribe: (_parent, _args, { user, services }) => services.events.subscribe('opportunityAlert', user.id),
    resolve: (record: OpportunityAlertRecord, _args: unknown, { services }: GraphQLContext) =>
      toApi(record, services.opportunities.now()),
  },
};
