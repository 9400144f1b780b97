import { SimpleGrid, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { LuSparkles } from 'react-icons/lu';
import { ComponentErrorBoundary } from '../../../components/errors/boundaries';
import { QueryContent } from '../../../components/page/QueryContent';
import { SectionCard } from '../../../components/page/SectionCard';
import { strategyRecommendationsQuery } from './queries';
import { RecommendationCard } from './RecommendationCard';

/**
 * Recommendations (spec §3, §7 strategyRecommendations): the templates whose recent out-of-sample backtests did best
 * on liquid symbols within the user's risk tolerance, weighed by today's market regime, in deployment order.
 */
export function StrategyRecommendations() {
  const query = useQuery(strategyRecommendationsQuery());
  return (
    <ComponentErrorBoundary name="Recommendations">
      <SectionCard
        title="Recommendations"
        icon={LuSparkles}
        description="Templates ranked by recent walk-forward backtests, today's market and your risk tolerance. Past results, no promise."
      >
        <QueryContent query={query} what="Recommendations">
          {(recommendations) =>
            recommendations.length === 0 ? (
              <Text color="fg.muted" textStyle="sm">
                No template did well enough out of sample within your risk tolerance today.
              </Text>
            ) : (
              <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="3">
                {recommendations.map((recommendation) => (
                  <RecommendationCard key={recommendation.strategyId} recommendation={recommendation} />
                ))}
              </SimpleGrid>
            )
          }
        </QueryContent>
      </SectionCard>
    </ComponentErrorBoundary>
  );
}
