import { describe, expect, it } from 'vitest';
import { DEFAULT_FORM, parseSettings } from './simulationForm';

describe('parseSettings', () => {
  it('gives the settings of the defaults (252 days, 1,000 paths, a fixed seed, $100,000)', () => {
    expect(parseSettings({ ...DEFAULT_FORM, strategyId: 's1' })).toEqual({
      ok: true,
      settings: { horizon: 252, paths: 1_000, seed: 42, initialCapital: 100_000 },
    });
  });

  it('names each bad field; an empty field is not a number', () => {
    const parsed = parseSettings({
      ...DEFAULT_FORM,
      strategyId: 's1',
      horizon: '',
      paths: '20000',
      seed: '1.5',
      initialCapital: '0',
    });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(Object.keys(parsed.errors).sort()).toEqual(['horizon', 'initialCapital', 'paths', 'seed']);
    expect(parsed.errors.paths).toBe('Paths must be a whole number from 1,000 to 10,000.');
  });
});
