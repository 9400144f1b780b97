import { Badge, Box, Link, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { LuExternalLink, LuSparkles } from 'react-icons/lu';
import { httpLink } from '../../domain/news/httpLink';
import { QueryContent } from '../../components/page/QueryContent';
import { SectionCard } from '../../components/page/SectionCard';
import type { AiAnalysisQuery } from '../../graphql/generated/graphql';
import { ChatMarkdown } from '../chat/components/ChatMarkdown';
import { aiAnalysisQuery } from './queries';

type Analysis = AiAnalysisQuery['aiAnalysis'];

const KIND_LABELS: Record<Analysis['sources'][number]['kind'], string> = {
  TECHNICAL: 'Technical analysis',
  SCANNER: 'Scanner',
  NEWS: 'News',
  POSITION: 'Your position',
  QUOTE: 'Quote',
};

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The sources as numbered references: the number the text cites, the fact, where it comes from and when. */
function SourceList({ sources }: { sources: Analysis['sources'] }) {
  return (
    <Box as="ol" listStyleType="none" ps="0" aria-label="Sources">
      {sources.map((source) => {
        const href = source.url ? httpLink(source.url) : null;
        return (
          <Box as="li" key={source.id} display="flex" gap="2" py="1.5" textStyle="xs" id={`ai-source-${source.id}`}>
            <Text as="span" fontWeight="semibold" color="fg.muted" flexShrink={0} minW="7">
              [{source.id}]
            </Text>
            <Stack gap="0" minW="0">
              <Text as="span" overflowWrap="anywhere">
                {href ? (
                  <Link href={href} target="_blank" rel="noopener noreferrer nofollow" colorPalette="blue">
                    {source.label} <LuExternalLink aria-label="opens the source" />
                  </Link>
                ) : (
                  source.label
                )}
                : <strong>{source.value}</strong>
              </Text>
              <Text as="span" color="fg.muted">
                {KIND_LABELS[source.kind]} · {timeFormat.format(new Date(source.asOf))}
              </Text>
            </Stack>
          </Box>
        );
      })}
    </Box>
  );
}

function Analysis({ analysis }: { analysis: Analysis }) {
  return (
    <Stack gap="4">
      <ChatMarkdown>{analysis.text}</ChatMarkdown>
      <Box borderTopWidth="1px" borderColor="border.muted" pt="3">
        <Text textStyle="sm" fontWeight="semibold" mb="1">
          Sources
        </Text>
        <SourceList sources={analysis.sources} />
      </Box>
    </Stack>
  );
}

/**
 * Stock details' AI analysis (spec §7 aiAnalysis): the written analysis in safe markdown (no HTML, safe links),
 * its sources listed as numbered references, and who wrote it (rules or the configured model).
 */
export default function AiAnalysisCard({ symbol }: { symbol: string }) {
  const query = useQuery(aiAnalysisQuery(symbol));
  const analysis = query.data?.aiAnalysis;
  return (
    <SectionCard
      title="AI analysis"
      icon={LuSparkles}
      description={
        analysis
          ? `Written ${timeFormat.format(new Date(analysis.generatedAt))}; every figure cites its source.`
          : 'Technicals, scanner, news and your position, with sources.'
      }
      aside={
        analysis ? (
          <Badge variant="subtle" colorPalette={analysis.generatedBy === 'LLM' ? 'purple' : 'gray'}>
            {analysis.generatedBy === 'LLM' ? (analysis.model ?? 'Language model') : 'Rule-based'}
          </Badge>
        ) : null
      }
    >
      <QueryContent query={query} what="AI analysis">
        {({ aiAnalysis }) => <Analysis analysis={aiAnalysis} />}
      </QueryContent>
    </SectionCard>
  );
}
