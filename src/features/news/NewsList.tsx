import { Badge, Button, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuExternalLink } from 'react-icons/lu';
import type { NewsQuery } from '../../graphql/generated/graphql';
import { httpLink } from '../../domain/news/httpLink';
import { sentimentBadge } from './sentimentBadge';

type NewsItem = NewsQuery['news'][number];

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function NewsRow({ item }: { item: NewsItem }) {
  const badge = sentimentBadge(item.sentiment);
  const href = httpLink(item.url);
  return (
    <Stack as="li" gap="1" py="3" borderBottomWidth="1px" borderColor="border.muted" _last={{ borderBottomWidth: 0 }}>
      <HStack justify="space-between" align="start" gap="3">
        <Text fontWeight="medium" lineHeight="short">
          {href ? (
            <Link href={href} target="_blank" rel="noopener noreferrer" colorPalette="blue">
              {item.headline} <LuExternalLink aria-label="opens the source" />
            </Link>
          ) : (
            item.headline
          )}
        </Text>
        <Badge
          colorPalette={badge.palette}
          variant="subtle"
          flexShrink={0}
          title={`Sentiment ${item.sentiment.toFixed(2)}, scored by ${item.sentimentSource === 'LLM' ? 'the language model' : 'the finance lexicon'}`}
        >
          {badge.label} {item.sentiment > 0 ? '+' : ''}
          {item.sentiment.toFixed(2)}
        </Badge>
      </HStack>
      {item.summary ? (
        <Text fontSize="sm" color="fg.muted" lineClamp={2}>
          {item.summary}
        </Text>
      ) : null}
      <Text fontSize="xs" color="fg.subtle">
        {item.source} · {timeFormat.format(new Date(item.publishedAt))}
        {item.symbols.length > 0 ? ` · ${item.symbols.slice(0, 4).join(', ')}` : ''}
      </Text>
    </Stack>
  );
}

/** Stories shown before "Show all" (the page of 20 would make the cards very tall). */
export const NEWS_SHOWN = 6;

/** News items, newest first, each with its sentiment badge; a link opens the source in a new tab. */
export function NewsList({ news, empty }: { news: readonly NewsItem[]; empty: string }) {
  const [all, setAll] = useState(false);
  if (news.length === 0) return <Text color="fg.muted">{empty}</Text>;
  const shown = all ? news : news.slice(0, NEWS_SHOWN);
  return (
    <Stack gap="2">
      <Stack as="ul" gap="0" listStyleType="none" data-testid="news-list">
        {shown.map((item) => (
          <NewsRow key={item.id} item={item} />
        ))}
      </Stack>
      {news.length > shown.length ? (
        <Button size="sm" variant="ghost" alignSelf="start" onClick={() => setAll(true)}>
          Show all {news.length}
        </Button>
      ) : null}
    </Stack>
  );
}
