import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSchema } from 'graphql-yoga';
import type { GraphQLContext, ServerContext } from './context';
import { applyInputRules } from './inputRules';
import { resolvers } from './resolvers';

/** schema/*.graphql: the contract shared with the client (codegen reads the same files). */
const schemaDirectory = fileURLToPath(new URL('../../schema', import.meta.url));

function readTypeDefs(): string[] {
  return readdirSync(schemaDirectory)
    .filter((file) => file.endsWith('.graphql'))
    .sort()
    .map((file) => readFileSync(join(schemaDirectory, file), 'utf8'));
}

/**
 * The schema with its resolvers; every argument passes the input rules (./inputRules.ts) on its way in.
 * The resolvers are set on the schema just built from the type definitions (`updateResolversInPlace`), which no one
 * else holds yet, instead of on a copy of it: the copy (graphql-tools' mapSchema over every type) was about a third
 * of building the schema, on a cold start's path to its first answer (bench/coldStart.ts).
 */
export function createExecutableSchema() {
  return applyInputRules(
    createSchema<ServerContext & GraphQLContext>({ typeDefs: readTypeDefs(), resolvers, updateResolversInPlace: true }),
  );
}
