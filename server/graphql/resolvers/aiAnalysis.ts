import type { QueryResolvers } from '../generated/resolvers';

export const aiAnalysisQueries: Pick<QueryResolvers, 'aiAnalysis'> = {
  aiAnalysis: async (_parent, { symbol }, { user, services }) => {
    const analysis = await services.aiAnalysis.analysis(user.id, symbol);
    return { ...analysis, sources: analysis.sources.map((source) => ({ ...source, url: source.url ?? null })) };
  },
};
