import type { QueryResolvers } from '../generated/resolvers';

export const newsQueries: Pick<QueryResolvers, 'news'> = {
  news: (_parent, { symbols, limit, category }, { services }) => services.news.news({ symbols, limit, category }),
};
