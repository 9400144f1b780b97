import { findInstrument } from '../../../src/domain/market/universe';
import type { WatchlistModel } from '../../services/watchlists';
import type { MutationResolvers, QueryResolvers, Watchlist } from '../generated/resolvers';
import { mutationCall } from '../mutationCall';

/** A stored watchlist with its items; each item's marketData is resolved by WatchlistItem.marketData. */
function toWatchlist(model: WatchlistModel): Watchlist {
  return {
    ...model,
    items: model.symbols.map((symbol) => ({ symbol, name: findInstrument(symbol)?.name ?? null, marketData: null })),
  };
}

export const watchlistQueries: Pick<QueryResolvers, 'watchlists' | 'watchlist'> = {
  watchlists: async (_parent, _args, { user, services }) => (await services.watchlists.list(user.id)).map(toWatchlist),
  watchlist: async (_parent, { id }, { user, services }) => {
    const model = await services.watchlists.get(user.id, id);
    return model && toWatchlist(model);
  },
};

export const watchlistMutations: Pick<
  MutationResolvers,
  'createWatchlist' | 'updateWatchlist' | 'deleteWatchlist' | 'addToWatchlist' | 'removeFromWatchlist'
> = {
  createWatchlist: async (_parent, args, context) =>
    toWatchlist(await context.services.watchlists.create(mutationCall(context), args)),
  updateWatchlist: async (_parent, args, context) =>
    toWatchlist(await context.services.watchlists.update(mutationCall(context), args)),
  deleteWatchlist: (_parent, { id }, context) => context.services.watchlists.delete(mutationCall(context), id),
  addToWatchlist: async (_parent, args, context) =>
    toWatchlist(await context.services.watchlists.add(mutationCall(context), args)),
  removeFromWatchlist: async (_parent, args, context) =>
    toWatchlist(await context.services.watchlists.remove(mutationCall(context), args)),
};
