import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LuNewspaper } from 'react-icons/lu';
import { QueryContent } from '../../components/page/QueryContent';
import { SectionCard } from '../../components/page/SectionCard';
import { NewsUpdatesDocument } from '../../graphql/generated/graphql';
import { useSubscription } from '../../graphql/subscriptions';
import { NewsList } from './NewsList';
import { newsQuery, newsSymbols, prependNews } from './queries';

/**
 * News about `symbols` (all news when empty), with a sentiment badge per story. `description` says whose
 * news it is; live stories (newsUpdates) are put first as they arrive. The default export lets pages load it lazily (React.lazy), outside their own chunk.
 */
export default function NewsCard({ symbols, description }: { symbols: readonly string[]; description: string }) {
  const options = newsQuery(symbols);
  const query = useQuery(options);
  const queryClient = useQueryClient();
  const asked = newsSymbols(symbols);
  useSubscription(NewsUpdatesDocument, { symbols: asked.length > 0 ? asked : null }, ({ newsUpdates }) =>
    queryClient.setQueryData(options.queryKey, (list) => prependNews(list, newsUpdates)),
  );
  return (
    <SectionCard title="News" icon={LuNewspaper} description={description}>
      <QueryContent query={query} what="News">
        {({ news }) => <NewsList news={news} empty="No news for these symbols yet." />}
      </QueryContent>
    </SectionCard>
  );
}
