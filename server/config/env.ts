import * as z from 'zod';
import { VARIABLES, type ServerVariable, type Variable } from './variables';

/** A bad environment variable; `message` is one line naming the variable and the reason. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Variables = typeof VARIABLES;

/** The variables the server reads (those with a schema). */
export type ServerVariableName = {
  [K in keyof Variables]: Variables[K] extends ServerVariable ? K : never;
}[keyof Variables];

/** Each server variable's schema; optional when the variable has no default. */
type EnvShape = {
  [K in ServerVariableName]: Variables[K] extends { schema: infer S extends z.ZodType<unknown, string> }
    ? Variables[K] extends { default: string }
      ? S
      : z.ZodOptional<S>
    : never;
};

const entries: [string, Variable][] = Object.entries(VARIABLES);

function envShape(): EnvShape {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, variable] of entries) {
    if (!('schema' in variable)) continue;
    shape[name] = variable.default === undefined ? variable.schema.optional() : variable.schema;
  }
  // Built from VARIABLES above, key by key, as EnvShape states.
  return shape as EnvShape;
}

const envSchema = z.object(envShape());

/** The server's variables, parsed: defaults applied, values converted (PORT is a number, …). */
export type Env = z.output<typeof envSchema>;

/** Value of each server variable that has one, used when the variable is unset or empty. */
export const DEFAULTS: Readonly<Partial<Record<ServerVariableName, string>>> = Object.fromEntries(
  entries.flatMap(([name, variable]) =>
    'schema' in variable && variable.default !== undefined ? [[name, variable.default]] : [],
  ),
);

/** Variables whose values may hold credentials: never logged, never repeated in an error message. */
export const SECRET_VARIABLES: ReadonlySet<string> = new Set(
  entries.filter(([, variable]) => variable.secret).map(([name]) => name),
);

/**
 * Reads the server's variables from an environment: unset and empty variables take their defaults.
 * Throws ConfigError on the first bad variable (in VARIABLES' order), with its value unless it is secret.
 */
export function readEnv(env: Record<string, string | undefined>): Env {
  const raw: Partial<Record<ServerVariableName, string>> = { ...DEFAULTS };
  for (const name of Object.keys(envSchema.shape) as ServerVariableName[]) {
    const value = env[name];
    if (value !== undefined && value !== '') raw[name] = value;
  }

  const parsed = envSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const name = String(issue?.path[0] ?? 'environment');
  const reason = issue?.message ?? 'invalid value';
  const got = SECRET_VARIABLES.has(name) ? '' : `, got ${JSON.stringify(raw[name as ServerVariableName] ?? '')}`;
  throw new ConfigError(`Invalid ${name}: ${reason}${got}`);
}
