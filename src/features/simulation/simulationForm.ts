/**
 * The Simulation form's values as typed, their check (the domain's limits, one message per field) and the
 * settings they give.
 */
import { checkMonteCarloInput, MONTE_CARLO_LIMITS } from '../../domain/simulation/monteCarlo';
import type { SimulationSettings } from './protocol';

export type SourceKind = 'strategy' | 'portfolio';

export interface SimulationFormValues {
  source: SourceKind;
  strategyId: string;
  horizon: string;
  paths: string;
  seed: string;
  initialCapital: string;
}

export const DEFAULT_FORM: Omit<SimulationFormValues, 'strategyId'> = {
  source: 'strategy',
  horizon: String(MONTE_CARLO_LIMITS.horizon.default),
  paths: String(MONTE_CARLO_LIMITS.paths.default),
  seed: String(MONTE_CARLO_LIMITS.seed.default),
  initialCapital: String(MONTE_CARLO_LIMITS.initialCapital.default),
};

export type SettingsErrors = Partial<Record<keyof SimulationSettings, string>>;

/** The settings, or the message of each bad field (an empty field is not a number). */
export function parseSettings(
  values: SimulationFormValues,
): { ok: true; settings: SimulationSettings } | { ok: false; errors: SettingsErrors } {
  const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
  const settings: SimulationSettings = {
    horizon: number(values.horizon),
    paths: number(values.paths),
    seed: number(values.seed),
    initialCapital: number(values.initialCapital),
  };
  // The sample is not the form's: a placeholder return keeps the check to the settings.
  const errors = checkMonteCarloInput({ ...settings, returns: [0] });
  if (errors.length === 0) return { ok: true, settings };
  return { ok: false, errors: Object.fromEntries(errors.map((error) => [error.field, error.message])) };
}
