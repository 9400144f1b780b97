import { findInstrument } from '../../../src/domain/market/universe';
import type { WatchlistModel } from '../../services/watchlists';
import type { GraphQLContext } from '../context';
import type { MutationResolvers, QueryResolvers, ResolversTypes, WatchlistItemResolvers } from '../generated/resolvers';

type Watchlist = ResolversTypes['Watchlist'];
import { mutationCall } from '../mutationCall';
import { badUserInput } from '../../services/errors';
import { createWatchlistItemBatch, DEFAULT_ITEM_SIGNALS, MAX_ITEM_SIGNALS, watchlistItems } from '../watchlistItems';

type ItemServices = Parameters<typeof watchlistItems>[0];

/** The stored watchlists with their items, all items of the answer on one batch (server/graphql/watchlistItems.ts). */
function toWatchlists(services: ItemServices, userId: string, models: readonly WatchlistModel[]): Watchlist[] {
  const batch = createWatchlistItemBatch(
    services,
    userId,
    models.flatMap((model) => model.symbols),
  );
  return models.map((model) => ({
    ...model,
    items: watchlistItems(
      services,
      userId,
      model.symbols.map((symbol) => ({ symbol, name: findInstrument(symbol)?.name ?? null })),
      batch,
    ),
  }));
}

function toWatchlist(context: GraphQLContext, model: WatchlistModel): Watchlist {
  const [watchlist] = toWatchlists(context.services, context.user.id, [model]);
  if (!watchlist) throw new Error('watchlist not converted');
  return watchlist;
}

export const watchlistQueries: Pick<QueryResolvers, 'watchlists' | 'watchlist'> = {
  watchlists: async (_parent, _args, { user, services }) =>
    toWatchlists(services, user.id, await services.watchlists.list(user.id)),
  watchlist: async (_parent, { id }, context) => {
    const model = await context.services.watchlists.get(context.user.id, id);
    return model && toWatchlist(context, model);
  },
};

export const watchlistMutations: Pick<
  MutationResolvers,
  'createWatchlist' | 'updateWatchlist' | 'deleteWatchlist' | 'addToWatchlist' | 'removeFromWatchlist'
> = {
  createWatchlist: async (_parent, args, context) =>
    toWatchlist(context, await context.services.watchlists.create(mutationCall(context), args)),
  updateWatchlist: async (_parent, args, context) =>
    toWatchlist(context, await context.services.watchlists.update(mutationCall(context), args)),
  deleteWatchlist: (_parent, { id }, context) => context.services.watchlists.delete(mutationCall(context), id),
  addToWatchlist: async (_parent, args, context) =>
    toWatchlist(context, await context.services.watchlists.add(mutationCall(context), args)),
  removeFromWatchlist: async (_parent, args, context) =>
    toWatchlist(context, await context.services.watchlists.remove(mutationCall(context), args)),
};

/** Spec §3 Watchlist items: the user's alerts, the symbol's technical signals and the user's position (batched). */
export const watchlistItemFields: Pick<WatchlistItemResolvers, 'alerts' | 'technicalSignals' | 'position'> = {
  alerts: (item) => item.batch.alerts(item.symbol),
  technicalSignals: async (item, { limit }) => {
    const count = limit ?? DEFAULT_ITEM_SIGNALS;
    if (!Number.isInteger(count) || count < 1 || count > MAX_ITEM_SIGNALS)
      throw badUserInput(`limit must be an integer from 1 to ${MAX_ITEM_SIGNALS}`);
    return (await item.batch.technicalSignals(item.symbol)).slice(0, count);
  },
  position: (item) => item.batch.position(item.symbol),
};
