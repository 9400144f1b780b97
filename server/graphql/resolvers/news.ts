import { filter, map, pipe } from 'graphql-yoga';
import type { NewsItem } from '../../services/news';
import type { QueryResolvers, SubscriptionResolvers } from '../generated/resolvers';

export const newsQueries: Pick<QueryResolvers, 'news'> = {
  news: (_parent, { symbols, limit, category }, { services }) => services.news.news({ symbols, limit, category }),
};

export const newsSubscriptions: Pick<SubscriptionResolvers, 'newsUpdates'> = {
  newsUpdates: {
    subscribe: async (_parent, { symbols }, { services }) => {
      const present = await services.news.live({ symbols });
      return pipe(
        services.events.subscribe('newsItem'),
        map(present),
        filter((item): item is NewsItem => item !== null),
      );
    },
    resolve: (item: NewsItem) => item,
  },
};
