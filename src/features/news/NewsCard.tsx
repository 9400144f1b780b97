import { useQuery } from '@tanstack/react-query';
import { LuNewspaper } from 'react-icons/lu';
import { QueryContent } from '../../components/page/QueryContent';
import { SectionCard } from '../../components/page/SectionCard';
import { NewsList } from './NewsList';
import { newsQuery } from './queries';

/**
 * News about `symbols` (all news when empty), with a sentiment badge per story. `description` says whose
 * news it is. The default export lets pages load it lazily (React.lazy), outside their own chunk.
 */
export default function NewsCard({ symbols, description }: { symbols: readonly string[]; description: string }) {
  const query = useQuery(newsQuery(symbols));
  return (
    <SectionCard title="News" icon={LuNewspaper} description={description}>
      <QueryContent query={query} what="News">
        {({ news }) => <NewsList news={news} empty="No news for these symbols yet." />}
      </QueryContent>
    </SectionCard>
  );
}
