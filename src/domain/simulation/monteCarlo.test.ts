import { describe, expect, it } from 'vitest';
import { checkMonteCarloInput, runMonteCarlo, type MonteCarloInput } from './monteCarlo';

const CAPITAL = 100_000;
/** A fan curve as multiples of the capital, to 12 decimals. */
function expectCurve(curve: Float64Array, multiples: number[]) {
  expect(curve).toHaveLength(multiples.length);
  multiples.forEach((multiple, t) => expect(curve[t]! / CAPITAL).toBeCloseTo(multiple, 12));
}

const base: MonteCarloInput = { returns: [0.01], horizon: 3, paths: 1_000, seed: 42, initialCapital: CAPITAL };

describe('runMonteCarlo', () => {
  it('with one return to draw, every path is the same compounding: a hand-computed loss', () => {
    const result = runMonteCarlo({ ...base, returns: [-0.1] });
    for (const curve of result.fan) expectCurve(curve, [1, 0.9, 0.81, 0.729]);
    expect(result.probabilityOfLoss).toBe(1);
    expect(result.var95).toBeCloseTo(0.271, 12); // 1 − 0.9³
    expect(result.cvar95).toBeCloseTo(0.271, 12);
    for (const value of result.maxDrawdownPercentiles) expect(value).toBeCloseTo(0.271, 12);
    // Every drawdown is the largest, hence in the last bin.
    expect(result.maxDrawdownHistogram.counts.at(-1)).toBe(1_000);
    expect(result.maxDrawdownHistogram.width).toBeCloseTo(0.271 / 20, 12);
  });

  it('a path that only gains has no loss, a negative VaR and no drawdown', () => {
    const result = runMonteCarlo({ ...base, returns: [0.05], horizon: 2 });
    expect(result.probabilityOfLoss).toBe(0);
    expect(result.var95).toBeCloseTo(-0.1025, 12); // −(1.05² − 1)
    expect(result.maxDrawdownPercentiles).toEqual([0, 0, 0, 0, 0]);
    expect(result.maxDrawdownHistogram).toEqual({ width: 0, counts: [1_000] });
  });

  it('resamples ±10 % into the outcomes of two coin flips: 1.21, 0.99 (half the paths) and 0.81', () => {
    const result = runMonteCarlo({ ...base, returns: [0.1, -0.1], horizon: 2, paths: 10_000 });
    const final = (k: number) => result.fan[k]![2]! / CAPITAL;
    expect(final(0)).toBeCloseTo(0.81, 12); // 5th percentile: inside the lowest quarter
    expect(final(2)).toBeCloseTo(0.99, 12); // the median: inside the middle half
    expect(final(4)).toBeCloseTo(1.21, 12);
    // 0.99 and 0.81 lose: three paths in four.
    expect(result.probabilityOfLoss).toBeGreaterThan(0.73);
    expect(result.probabilityOfLoss).toBeLessThan(0.77);
    // The worst 5 % are all 0.81 paths: VaR = CVaR = 19 %.
    expect(result.var95).toBeCloseTo(0.19, 12);
    expect(result.cvar95).toBeCloseTo(0.19, 12);
    // Drawdowns: up-up 0, up-down 1 − 0.99 / 1.1 = 0.1, down-up 0.1, down-down 0.19.
    const [p5, , p50, , p95] = result.maxDrawdownPercentiles;
    expect(p5).toBe(0);
    expect(p50).toBeCloseTo(0.1, 12);
    expect(p95).toBeCloseTo(0.19, 12);
  });

  it('draws round(t × drawsPerStep) returns by step t: fewer or more than one a step', () => {
    const slow = runMonteCarlo({ ...base, returns: [0.1], horizon: 4, drawsPerStep: 0.5 });
    // round(0.5) = 1, round(1) = 1, round(1.5) = 2, round(2) = 2
    expectCurve(slow.fan[2]!, [1, 1.1, 1.1, 1.21, 1.21]);
    const fast = runMonteCarlo({ ...base, returns: [0.1], horizon: 2, drawsPerStep: 2 });
    expect(fast.fan[2]![2]! / CAPITAL).toBeCloseTo(1.1 ** 4, 12);
  });

  it('the same seed gives the same result, another seed other paths', () => {
    const input = { ...base, returns: [0.02, -0.015, 0.004, -0.03, 0.025], horizon: 60 };
    const first = runMonteCarlo(input);
    expect(runMonteCarlo(input)).toEqual(first);
    const other = runMonteCarlo({ ...input, seed: 43 });
    expect([...other.fan[2]!]).not.toEqual([...first.fan[2]!]);
    expect(other.var95).not.toBe(first.var95);
  });

  it('reports progress after each step', () => {
    const steps: number[] = [];
    runMonteCarlo({ ...base, horizon: 4 }, (step, horizon) => steps.push(step / horizon));
    expect(steps).toEqual([0.25, 0.5, 0.75, 1]);
  });

  it('refuses a bad input, naming each field', () => {
    const errors = checkMonteCarloInput({
      returns: [0.1, -1],
      horizon: 0,
      paths: 999,
      seed: -1,
      initialCapital: 0,
      drawsPerStep: 0,
    });
    expect(errors.map((error) => error.field)).toEqual([
      'paths',
      'horizon',
      'seed',
      'initialCapital',
      'drawsPerStep',
      'returns',
    ]);
    expect(checkMonteCarloInput({ ...base, returns: [] }).map((error) => error.field)).toEqual(['returns']);
    expect(checkMonteCarloInput(base)).toEqual([]);
    expect(() => runMonteCarlo({ ...base, paths: 20_000 })).toThrow(/Paths must be/);
  });
});
