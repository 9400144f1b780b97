/**
 * Small checks that read untrusted JSON-like input and collect one error per bad field, shared by the definition
 * parser (`validation.ts`) and the template parameters (`templates.ts`).
 *
 * Rules:
 * - A field is named by its path from the input's root: `entry.conditions[0].left.period`, `symbols[3]`,
 *   `params.slow`; an error on the whole input has the field ''.
 * - A check that fails records its error and returns `undefined`; the caller stops building that part but keeps
 *   checking siblings, so one pass reports every bad field.
 * - Numbers must be finite JSON numbers (no strings, no NaN); bounds come with the check and the message says them.
 */

/** Errors kept per input (a huge bad input does not make a huge answer). */
export const MAX_ERRORS = 50;

export interface FieldError {
  field: string;
  message: string;
}

export type Parsed<K extends string, T> = ({ ok: true } & Record<K, T>) | { ok: false; errors: FieldError[] };

/** Inclusive bounds unless `minExclusive` (then the number must be above `min`). */
export interface NumberBounds {
  min: number;
  max: number;
  integer?: boolean;
  minExclusive?: boolean;
}

/** A field's accepted values: numbers within bounds, or one of a list of words. */
export type FieldSpec = NumberBounds | readonly string[];

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function fieldPath(base: string, key: string | number): string {
  if (typeof key === 'number') return `${base}[${key}]`;
  return base === '' ? key : `${base}.${key}`;
}

/** 'a whole number from 1 to 500', 'a number above 0 and at most 100'. */
export function describeBounds(bounds: NumberBounds): string {
  const what = bounds.integer ? 'a whole number' : 'a number';
  return bounds.minExclusive
    ? `${what} above ${bounds.min} and at most ${bounds.max}`
    : `${what} from ${bounds.min} to ${bounds.max}`;
}

export function withinBounds(value: number, bounds: NumberBounds): boolean {
  if (!Number.isFinite(value) || value > bounds.max) return false;
  if (bounds.integer && !Number.isInteger(value)) return false;
  return bounds.minExclusive ? value > bounds.min : value >= bounds.min;
}

export class FieldErrors {
  readonly list: FieldError[] = [];

  add(field: string, message: string): undefined {
    if (this.list.length < MAX_ERRORS) this.list.push({ field, message });
    return undefined;
  }

  number(value: unknown, field: string, bounds: NumberBounds): number | undefined {
    if (typeof value === 'number' && withinBounds(value, bounds)) return value;
    return this.add(field, `Must be ${describeBounds(bounds)}`);
  }

  choice<T extends string>(value: unknown, field: string, choices: readonly T[], what = 'value'): T | undefined {
    if (typeof value === 'string' && (choices as readonly string[]).includes(value)) return value as T;
    const shown = typeof value === 'string' ? `"${value.slice(0, 40)}"` : typeof value;
    return this.add(field, `Unknown ${what} ${shown}; use one of ${choices.join(', ')}`);
  }

  /**
   * The value as an object; each key not in `known` is an error of its own, but the object is still returned so
   * that its other fields get checked too.
   */
  record(value: unknown, field: string, known: readonly string[]): Record<string, unknown> | undefined {
    if (!isRecord(value)) return this.add(field, 'Must be an object');
    for (const key of Object.keys(value)) {
      if (!known.includes(key)) this.add(fieldPath(field, key), `Unknown field; expected ${known.join(', ')}`);
    }
    return value;
  }

  /** `tooFew` replaces the message when the list is shorter than `min`. */
  array(value: unknown, field: string, min: number, max: number, tooFew?: string): unknown[] | undefined {
    if (!Array.isArray(value)) return this.add(field, 'Must be a list');
    if (value.length < min) return this.add(field, tooFew ?? `Give at least ${min}`);
    if (value.length > max) return this.add(field, `At most ${max} allowed, got ${value.length}`);
    return value;
  }

  /** The `kind` of a tagged object, one of `kinds`. */
  kind<K extends string>(value: unknown, field: string, kinds: readonly K[], what: string): K | undefined {
    if (value === undefined) return this.add(field, 'Required');
    if (!isRecord(value)) return this.add(field, 'Must be an object');
    if (value.kind === undefined) return this.add(fieldPath(field, 'kind'), `Required: one of ${kinds.join(', ')}`);
    return this.choice(value.kind, fieldPath(field, 'kind'), kinds, what);
  }

  /** A tagged object: its `kind` from the keys of `table`, then every field that kind lists. */
  tagged<K extends string>(
    value: unknown,
    field: string,
    table: Readonly<Record<K, Readonly<Record<string, FieldSpec>>>>,
    what: string,
  ): ({ kind: K } & Record<string, number | string>) | undefined {
    const kind = this.kind(value, field, Object.keys(table) as K[], what);
    if (!kind) return undefined;
    const specs = table[kind];
    const source = this.record(value, field, ['kind', ...Object.keys(specs)]);
    const fields = source && this.fields(source, field, specs);
    return fields && { kind, ...fields };
  }

  /** Reads every field of `specs` from `source` (all required); `undefined` if any is bad. */
  fields(source: Record<string, unknown>, field: string, specs: Readonly<Record<string, FieldSpec>>) {
    const out: Record<string, number | string> = {};
    let ok = true;
    for (const [key, spec] of Object.entries(specs)) {
      const path = fieldPath(field, key);
      const value = source[key];
      const parsed =
        value === undefined
          ? this.add(path, 'Required')
          : isChoices(spec)
            ? this.choice(value, path, spec)
            : this.number(value, path, spec);
      if (parsed === undefined) ok = false;
      else out[key] = parsed;
    }
    return ok ? out : undefined;
  }
}

function isChoices(spec: FieldSpec): spec is readonly string[] {
  return Array.isArray(spec);
}
