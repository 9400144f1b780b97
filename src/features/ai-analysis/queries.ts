import { queryOptions } from '@tanstack/react-query';
import { gqlRequest } from '../../graphql/client';
import { AiAnalysisDocument } from '../../graphql/generated/graphql';

/** The server keeps an analysis for a minute per user and symbol; asking sooner gets the same one. */
export const AI_ANALYSIS_STALE_TIME_MS = 60_000;

export const aiAnalysisKeys = {
  all: ['aiAnalysis'] as const,
  symbol: (symbol: string) => [...aiAnalysisKeys.all, symbol.toUpperCase()] as const,
};

/** aiAnalysis(symbol): the written analysis with its numbered sources. */
export function aiAnalysisQuery(symbol: string) {
  return queryOptions({
    queryKey: aiAnalysisKeys.symbol(symbol),
    staleTime: AI_ANALYSIS_STALE_TIME_MS,
    queryFn: () => gqlRequest(AiAnalysisDocument, { symbol: symbol.toUpperCase() }),
  });
}
