import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { StrategiesQuery, StrategyFieldsFragment, StrategyQuery } from '../../graphql/generated/graphql';
import { serverFieldErrors } from './fieldErrors';
import { applyStrategy, mergeStrategy, NO_STRATEGY_FILTERS, removeStrategy, strategyKeys } from './queries';

const strategy = (id: string, category = 'trend', isActive = false): StrategyFieldsFragment => ({
  id,
  name: `Strategy ${id}`,
  description: '',
  category,
  templateId: 'sma-crossover',
  parameters: { fast: 20, slow: 50 },
  symbols: ['SPY'],
  interval: '1D',
  version: 1,
  isActive,
  createdAt: '2026-11-23T15:00:00.000Z',
  updatedAt: '2026-11-23T15:00:00.000Z',
  riskLevel: 'medium',
  timeHorizon: 'medium',
  performance: null,
});

describe('strategyKeys', () => {
  it('nests lists and details under one root, one key per filter combination', () => {
    expect(strategyKeys.list(NO_STRATEGY_FILTERS)).toEqual(['strategies', 'list', 'ALL', 'ALL']);
    expect(strategyKeys.list({ category: 'trend', isActive: false })).toEqual(['strategies', 'list', 'trend', 'false']);
    expect(strategyKeys.detail('s1').slice(0, 1)).toEqual(strategyKeys.all);
  });
});

describe('mergeStrategy (strategies keyed by id)', () => {
  it('replaces a listed strategy and adds a new one at the top of lists it matches', () => {
    const renamed = { ...strategy('a'), name: 'Renamed' };
    expect(mergeStrategy([strategy('a'), strategy('b')], renamed, NO_STRATEGY_FILTERS)[0]?.name).toBe('Renamed');
    expect(mergeStrategy([strategy('a')], strategy('n'), NO_STRATEGY_FILTERS).map((s) => s.id)).toEqual(['n', 'a']);
    expect(
      mergeStrategy([strategy('a')], strategy('n', 'momentum'), { category: 'trend', isActive: null }),
    ).toHaveLength(1);
    expect(mergeStrategy([strategy('a')], strategy('n'), NO_STRATEGY_FILTERS, 1).map((s) => s.id)).toEqual(['n']);
  });

  it('removes a strategy from a list whose filter it no longer matches', () => {
    expect(mergeStrategy([strategy('a', 'trend', true)], strategy('a'), { category: null, isActive: true })).toEqual(
      [],
    );
  });
});

describe('applyStrategy and removeStrategy', () => {
  it('update every cached list by its filters and the detail', () => {
    const client = new QueryClient();
    client.setQueryData<StrategiesQuery>(strategyKeys.list(NO_STRATEGY_FILTERS), { strategies: [] });
    client.setQueryData<StrategiesQuery>(strategyKeys.list({ category: 'momentum', isActive: null }), {
      strategies: [],
    });
    applyStrategy(client, strategy('a'));
    expect(client.getQueryData<StrategiesQuery>(strategyKeys.list(NO_STRATEGY_FILTERS))?.strategies).toHaveLength(1);
    expect(
      client.getQueryData<StrategiesQuery>(strategyKeys.list({ category: 'momentum', isActive: null }))?.strategies,
    ).toEqual([]);
    expect(client.getQueryData<StrategyQuery>(strategyKeys.detail('a'))?.strategy?.id).toBe('a');
    removeStrategy(client, 'a');
    expect(client.getQueryData<StrategiesQuery>(strategyKeys.list(NO_STRATEGY_FILTERS))?.strategies).toEqual([]);
    expect(client.getQueryData(strategyKeys.detail('a'))).toBeUndefined();
  });
});

describe('serverFieldErrors', () => {
  it('keys the messages of extensions.fieldErrors by field, without the argument or an index', () => {
    const error = {
      response: {
        errors: [
          {
            message: 'input.parameters.fast: Must be at least 2',
            extensions: {
              code: 'BAD_USER_INPUT',
              fieldErrors: [
                { field: 'input.parameters.fast', message: 'Must be at least 2' },
                { field: 'symbols[1]', message: 'Unknown symbol ZZZZQ' },
              ],
            },
          },
        ],
      },
    };
    expect(serverFieldErrors(error)).toEqual({
      'parameters.fast': 'Must be at least 2',
      symbols: 'Unknown symbol ZZZZQ',
    });
    expect(serverFieldErrors(new Error('Failed to fetch'))).toEqual({});
  });
});
