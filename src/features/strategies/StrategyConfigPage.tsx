import { Button } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from '@tanstack/react-router';
import { useState } from 'react';
import { LuArrowLeft } from 'react-icons/lu';
import { PageHeader } from '../../components/page/PageHeader';
import { QueryContent } from '../../components/page/QueryContent';
import { isChartInterval } from '../../components/charts/intervals';
import { findTemplate, parseDefinitionJson } from '../../domain/strategies';
import type { StrategyConfigQuery } from '../../graphql/generated/graphql';
import { draftFromDefinition, type Draft } from './config/draft';
import { strategyConfigQuery } from './config/queries';
import { RuleBuilder } from './config/RuleBuilder';
import { TemplateConfigForm } from './config/TemplateConfigForm';
import { StrategyNotFound } from './components/StrategyNotFound';
import { strategyTemplatesQuery } from './queries';

type Strategy = NonNullable<StrategyConfigQuery['strategy']>;

/** The stored definition as the builder's draft; a strategy without one starts from the first template's rules. */
function initialDraft(strategy: Strategy): Draft {
  const parsed = strategy.code === null ? null : parseDefinitionJson(strategy.code);
  if (parsed?.ok) return draftFromDefinition(parsed.definition);
  const symbols = strategy.symbols.length > 0 ? strategy.symbols : ['SPY'];
  return draftFromDefinition(findTemplate('rsi-mean-reversion')!.build({}, { symbols, interval: '1D' }));
}

/**
 * Strategy configuration (spec: strategies/{strategyId}/config): a template strategy's parameters, symbols and
 * interval, or the rule builder of a custom one (or of a template strategy switched to custom rules), each with a
 * preview of its signals on the chart.
 */
export function StrategyConfigPage({ strategyId }: { strategyId: string }) {
  const query = useQuery(strategyConfigQuery(strategyId));
  const strategy = query.data?.strategy;
  return (
    <>
      <PageHeader
        title={strategy ? `${strategy.name}: configuration` : 'Strategy configuration'}
        description={strategy ? `Version ${strategy.version}` : undefined}
        actions={
          <Button asChild size="sm" variant="outline">
            <RouterLink to="/strategies/$strategyId" params={{ strategyId }}>
              <LuArrowLeft /> Back to strategy
            </RouterLink>
          </Button>
        }
      />
      <QueryContent query={query} what="Strategy">
        {(data) => (data.strategy ? <StrategyConfig strategy={data.strategy} /> : <StrategyNotFound />)}
      </QueryContent>
    </>
  );
}

function StrategyConfig({ strategy }: { strategy: Strategy }) {
  const templates = useQuery(strategyTemplatesQuery());
  const [custom, setCustom] = useState(false);
  const [savedVersion, setSavedVersion] = useState<number | null>(null);
  const template = templates.data?.strategyTemplates.find((t) => t.id === strategy.templateId);
  // Each saved version starts the form again from what the server stored.
  const key = `${strategy.id}-${strategy.version}`;
  if (strategy.templateId !== null && !custom) {
    if (!template) {
      return (
        <QueryContent query={templates} what="Templates">
          {() => null}
        </QueryContent>
      );
    }
    const parameters = (strategy.parameters ?? {}) as Record<string, unknown>;
    return (
      <TemplateConfigForm
        key={key}
        strategyId={strategy.id}
        template={template}
        initial={{
          templateId: template.id,
          parameters: Object.fromEntries(
            template.parameters.map((p) => [p.name, String(parameters[p.name] ?? p.default)]),
          ),
          symbols: strategy.symbols.join(', '),
          interval: strategy.interval !== null && isChartInterval(strategy.interval) ? strategy.interval : '1D',
        }}
        savedVersion={savedVersion}
        onSaved={setSavedVersion}
        onSwitchToCustom={() => setCustom(true)}
      />
    );
  }
  return (
    <RuleBuilder
      key={key}
      strategyId={strategy.id}
      initial={initialDraft(strategy)}
      savedVersion={savedVersion}
      onSaved={setSavedVersion}
    />
  );
}
