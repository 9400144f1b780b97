import { Badge, Button, Card, HStack, SimpleGrid, Stack, Text, Wrap } from '@chakra-ui/react';
import { useNavigate } from '@tanstack/react-router';
import { LuRocket } from 'react-icons/lu';
import { toast } from '../../../components/toast/toaster';
import type { StrategyRecommendationsQuery } from '../../../graphql/generated/graphql';
import { errorText } from '../../../graphql/errors';
import { changeColor } from '../../market/formatMarket';
import { useOnline } from '../../orders/useOnline';
import { categoryLabel, formatReturn } from '../strategyFormat';
import { useDeployRecommendation } from './queries';

export type Recommendation = StrategyRecommendationsQuery['strategyRecommendations'][number];

function Figure({ label, value, color }: { label: string; value: string; color?: string }) {
  return (
    <Stack gap="0">
      <Text textStyle="xs" color="fg.muted">
        {label}
      </Text>
      <Text textStyle="md" fontWeight="semibold" fontVariantNumeric="tabular-nums" color={color}>
        {value}
      </Text>
    </Stack>
  );
}

/** A share (0–1) as a whole percentage: 0.854 → "85%". */
function wholePercent(share: number): string {
  return `${Math.round(share * 100)}%`;
}

function riskColor(score: number): string {
  return score < 34 ? 'green' : score < 67 ? 'orange' : 'red';
}

/**
 * One recommendation: its template, the figures behind it (expected return a year, confidence, risk score, fit with
 * today's market), the symbols, the reasoning in words, and Deploy, which creates the strategy paused and opens it.
 * Deploying is never queued: disabled offline.
 */
export function RecommendationCard({ recommendation }: { recommendation: Recommendation }) {
  const deploy = useDeployRecommendation();
  const navigate = useNavigate();
  const online = useOnline();
  const { strategy, recommendedSymbols: symbols } = recommendation;
  const onDeploy = () =>
    deploy.mutate(
      { templateId: recommendation.templateId, symbols },
      {
        onSuccess: (created) => {
          toast({
            title: 'Strategy deployed',
            description: `${created.name} was created paused; activate it when you are ready.`,
          });
          void navigate({ to: '/strategies/$strategyId', params: { strategyId: created.id } });
        },
        onError: (error) =>
          toast({ title: 'Strategy not deployed', description: errorText(error), variant: 'destructive' }),
      },
    );
  return (
    <Card.Root variant="outline" size="sm" aria-label={`Recommendation: ${strategy.name}`} as="article">
      <Card.Header pb="1">
        <HStack justify="space-between" align="flex-start" gap="2">
          <Stack gap="1" minW="0">
            <Card.Title as="h3" textStyle="sm" fontWeight="semibold">
              {strategy.name}
            </Card.Title>
            <HStack gap="1.5" wrap="wrap">
              <Badge size="sm" variant="subtle">
                {categoryLabel(strategy.category)}
              </Badge>
              <Badge size="sm" variant="subtle" colorPalette={riskColor(recommendation.riskScore)}>
                Risk {recommendation.riskScore}/100
              </Badge>
            </HStack>
          </Stack>
          <Badge size="sm" variant="solid" colorPalette="brand" title="Deployment priority">
            #{recommendation.deploymentPriority}
          </Badge>
        </HStack>
      </Card.Header>
      <Card.Body gap="3" py="2">
        <SimpleGrid columns={3} gap="2">
          <Figure
            label="Expected / yr"
            value={formatReturn(recommendation.expectedReturn)}
            color={changeColor(recommendation.expectedReturn)}
          />
          <Figure label="Confidence" value={wholePercent(recommendation.confidence)} />
          <Figure label="Market fit" value={wholePercent(recommendation.marketCompatibility)} />
        </SimpleGrid>
        <Wrap gap="1.5" aria-label="Recommended symbols">
          {symbols.map((symbol) => (
            <Badge key={symbol} size="sm" variant="outline" fontFamily="mono">
              {symbol}
            </Badge>
          ))}
        </Wrap>
        <Text textStyle="xs" color="fg.muted">
          {recommendation.reasoning}
        </Text>
      </Card.Body>
      <Card.Footer pt="1">
        <Button
          size="sm"
          colorPalette="brand"
          loading={deploy.isPending}
          disabled={!online}
          title={online ? undefined : "You're offline. Deploying needs a live connection."}
          onClick={onDeploy}
          aria-label={`Deploy ${strategy.name}`}
        >
          <LuRocket /> Deploy
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}
