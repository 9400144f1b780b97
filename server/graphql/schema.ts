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

/** The schema with its resolvers; every argument passes the input rules (./inputRules.ts) on its way in. */
export function createExecutableSchema() {
  return applyInputRules(createSchema<ServerContext & GraphQLContext>({ typeDefs: readTypeDefs(), resolvers }));
}
