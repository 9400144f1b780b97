/**
 * A seeded genetic search over a parameter space (pure): for spaces too large for the grid.
 *
 * Rules:
 * - A genome is one grid index per dimension (`paramSpace.ts`), so every candidate lies within the bounds and on
 *   the steps; sets that break the template's rule between parameters are never proposed.
 * - Generation 0: `populationSize` distinct random sets. Each next generation keeps the `eliteCount` best sets
 *   scored so far (elitism; 2 by default, at most populationSize − 1) and fills the rest with children: two parents each picked by a tournament (the best of
 *   `tournamentSize` random members of the current generation), uniform crossover with probability
 *   `crossoverRate` (else a copy of the first parent), then each gene mutated with probability `mutationRate` by a
 *   normal jump of about a tenth of its dimension (at least one step), clamped to the bounds.
 * - No set is evaluated twice: a child already scored or already in the generation is redrawn (up to 50 tries,
 *   then a random unscored set); the search ends early when no unscored set can be found.
 * - At most `maxEvaluations` evaluations (populationSize × generations by default).
 * - Deterministic: the same seed, space and scores give the same search (`mulberry32` of `../../market/prng.ts`).
 *   The best set is the highest score, ties to the first scored.
 */
import { mulberry32, seedOf, type Rng } from '../../market/prng';
import { better, type Scored } from './grid';
import { isValid, ParamSpaceError, setAt, valueCount, type ParamSet, type ParamSpace } from './paramSpace';

export interface EvolutionaryOptions {
  seed: number | string;
  populationSize?: number;
  generations?: number;
  eliteCount?: number;
  tournamentSize?: number;
  crossoverRate?: number;
  mutationRate?: number;
  maxEvaluations?: number;
}

export interface EvolutionaryResult<T> {
  best: Scored<T> | null;
  evaluations: number;
  /** The best score after each generation. */
  history: number[];
}

const TRIES = 50;

type Settings = Required<Omit<EvolutionaryOptions, 'seed'>>;

function positiveInteger(value: number, field: string, min = 1): number {
  if (!Number.isInteger(value) || value < min) {
    throw new ParamSpaceError(`search.${field}`, `must be a whole number of at least ${min}`);
  }
  return value;
}

function rate(value: number, field: string): number {
  if (!(value >= 0 && value <= 1)) throw new ParamSpaceError(`search.${field}`, 'must be from 0 to 1');
  return value;
}

/** The options with their defaults, checked (a bad one names `search.<field>`). */
export function evolutionarySettings(options: EvolutionaryOptions): Settings {
  const populationSize = positiveInteger(options.populationSize ?? 24, 'populationSize', 2);
  const generations = positiveInteger(options.generations ?? 20, 'generations');
  const eliteCount = options.eliteCount ?? Math.min(2, populationSize - 1);
  if (!Number.isInteger(eliteCount) || eliteCount < 0 || eliteCount >= populationSize) {
    throw new ParamSpaceError('search.eliteCount', 'must be a whole number from 0 to populationSize − 1');
  }
  return {
    populationSize,
    generations,
    eliteCount,
    tournamentSize: positiveInteger(options.tournamentSize ?? 3, 'tournamentSize'),
    crossoverRate: rate(options.crossoverRate ?? 0.9, 'crossoverRate'),
    mutationRate: rate(options.mutationRate ?? 0.3, 'mutationRate'),
    maxEvaluations: positiveInteger(options.maxEvaluations ?? populationSize * generations, 'maxEvaluations'),
  };
}

class Breeder {
  readonly counts: number[];
  readonly scored = new Map<string, number>();

  constructor(
    private readonly space: ParamSpace,
    private readonly settings: Settings,
    private readonly rng: Rng,
  ) {
    this.counts = space.dimensions.map(valueCount);
  }

  private usable(genome: number[], taken: ReadonlySet<string>): boolean {
    const key = genome.join(',');
    return !this.scored.has(key) && !taken.has(key) && isValid(this.space, setAt(this.space, genome));
  }

  random(taken: ReadonlySet<string>): number[] | null {
    for (let t = 0; t < TRIES; t++) {
      const genome = this.counts.map((count) => Math.floor(this.rng.next() * count));
      if (this.usable(genome, taken)) return genome;
    }
    return null;
  }

  private tournament(population: readonly number[][]): number[] {
    let winner = population[Math.floor(this.rng.next() * population.length)]!;
    for (let k = 1; k < this.settings.tournamentSize; k++) {
      const rival = population[Math.floor(this.rng.next() * population.length)]!;
      if (this.scored.get(rival.join(','))! > this.scored.get(winner.join(','))!) winner = rival;
    }
    return winner;
  }

  child(population: readonly number[][], taken: ReadonlySet<string>): number[] | null {
    const { crossoverRate, mutationRate } = this.settings;
    for (let t = 0; t < TRIES; t++) {
      const a = this.tournament(population);
      const b = this.tournament(population);
      const cross = this.rng.next() < crossoverRate;
      const genome = a.map((gene, d) => (cross && this.rng.next() < 0.5 ? b[d]! : gene));
      genome.forEach((gene, d) => {
        if (this.rng.next() >= mutationRate) return;
        const count = this.counts[d]!;
        const jump = Math.round(this.rng.normal() * Math.max(1, count / 10)) || (this.rng.next() < 0.5 ? -1 : 1);
        genome[d] = Math.min(count - 1, Math.max(0, gene + jump));
      });
      if (this.usable(genome, taken)) return genome;
    }
    return this.random(taken);
  }
}

/** Searches `space` for the set with the highest score; `score` answers one generation's new sets in order. */
export async function evolutionarySearch<T>(
  space: ParamSpace,
  options: EvolutionaryOptions,
  score: (sets: readonly ParamSet[]) => Promise<{ score: number; detail: T }[]>,
): Promise<EvolutionaryResult<T>> {
  const settings = evolutionarySettings(options);
  const breeder = new Breeder(space, settings, mulberry32(seedOf(options.seed)));
  const ranked: (Scored<T> & { genome: number[] })[] = [];
  const history: number[] = [];
  let best = null as Scored<T> | null;
  let population: number[][] = [];
  let fresh: number[][] = [];
  const fill = (make: (taken: Set<string>) => number[] | null) => {
    const taken = new Set(population.map((g) => g.join(',')));
    const room = settings.maxEvaluations - breeder.scored.size;
    while (population.length < settings.populationSize && fresh.length < room) {
      const genome = make(taken);
      if (!genome) break;
      taken.add(genome.join(','));
      population.push(genome);
      fresh.push(genome);
    }
  };
  fill((taken) => breeder.random(taken));
  for (let generation = 0; generation < settings.generations && fresh.length > 0; generation++) {
    const sets = fresh.map((genome) => setAt(space, genome));
    const scores = await score(sets);
    fresh.forEach((genome, i) => {
      const scored = { params: sets[i]!, ...scores[i]!, genome };
      const value = Number.isNaN(scored.score) ? Number.NEGATIVE_INFINITY : scored.score;
      breeder.scored.set(genome.join(','), value);
      ranked.push(scored);
      best = better(best, scored);
    });
    history.push(best?.score ?? Number.NEGATIVE_INFINITY);
    if (generation === settings.generations - 1) break;
    // Stable sort: ties keep the order they were scored in.
    ranked.sort((x, y) => breeder.scored.get(y.genome.join(','))! - breeder.scored.get(x.genome.join(','))! || 0);
    const parents = population;
    population = ranked.slice(0, settings.eliteCount).map((s) => s.genome);
    fresh = [];
    fill((taken) => breeder.child(parents, taken));
  }
  return { best, evaluations: breeder.scored.size, history };
}
