import { describe, expect, it } from 'vitest';
import type { TemplateParameter } from '../../strategies/templates';
import { evolutionarySearch } from './evolutionary';
import { paramKey, paramSpaceOf, ParamSpaceError, type ParamSet } from './paramSpace';

const integer = (name: string, max: number): TemplateParameter => ({
  name,
  label: name,
  type: 'integer',
  default: 0,
  min: 0,
  max,
  step: 1,
  description: name,
});

/** A 51 × 51 grid (2,601 sets) whose objective peaks at x = 17, y = 33. */
const space = paramSpaceOf({ parameters: [integer('x', 50), integer('y', 50)] });
const peak = (p: ParamSet) => 1000 - (p.x! - 17) ** 2 - (p.y! - 33) ** 2;

function recorder(objective: (p: ParamSet) => number) {
  const seen: string[] = [];
  const score = async (sets: readonly ParamSet[]) =>
    sets.map((set) => {
      seen.push(paramKey(space, set));
      return { score: objective(set), detail: null };
    });
  return { seen, score };
}

describe('evolutionarySearch', () => {
  it('finds the optimum of a known objective with a fixed seed, never scoring a set twice', async () => {
    const { seen, score } = recorder(peak);
    const result = await evolutionarySearch(space, { seed: 7, populationSize: 20, generations: 25 }, score);
    expect(result.best?.params).toEqual({ x: 17, y: 33 });
    expect(result.best?.score).toBe(1000);
    expect(new Set(seen).size).toBe(seen.length);
    expect(result.evaluations).toBe(seen.length);
    expect(seen.length).toBeLessThanOrEqual(20 * 25);
    // elitism: the best score never gets worse from one generation to the next
    expect(result.history).toEqual([...result.history].sort((a, b) => a - b));
  });

  it('is deterministic for a seed and differs across seeds', async () => {
    const run = async (seed: number) => {
      const { seen, score } = recorder(peak);
      await evolutionarySearch(space, { seed, populationSize: 10, generations: 5 }, score);
      return seen;
    };
    expect(await run(1)).toEqual(await run(1));
    expect(await run(1)).not.toEqual(await run(2));
  });

  it('proposes only sets the template allows, and stops when the space is used up', async () => {
    const small = paramSpaceOf({
      parameters: [integer('x', 2), integer('y', 2)],
      check: (p) => (p.y! > p.x! ? null : { name: 'y', message: 'above x' }),
    }); // valid: (0,1), (0,2), (1,2)
    const { seen, score } = recorder((p) => p.x! + p.y!);
    const result = await evolutionarySearch(small, { seed: 3, populationSize: 2, generations: 50 }, score);
    expect([...seen].sort()).toEqual(['0,1', '0,2', '1,2']);
    expect(result.best?.params).toEqual({ x: 1, y: 2 });
  });

  it('names a bad option', async () => {
    const { score } = recorder(peak);
    await expect(evolutionarySearch(space, { seed: 1, eliteCount: 24 }, score)).rejects.toThrow(ParamSpaceError);
    await expect(evolutionarySearch(space, { seed: 1, mutationRate: 2 }, score)).rejects.toThrow('search.mutationRate');
  });
});
