import { Kind, parse, type DocumentNode } from 'graphql';

/** Mutations that need no sign-in: requesting and checking a one-time code. */
export const PUBLIC_MUTATIONS: ReadonlySet<string> = new Set(['login', 'verifyOTP']);

/**
 * Whether an operation may run without a signed-in user: a mutation of exactly one public root field (besides
 * `__typename`), with no fragments at the root, so that one unauthenticated request sends at most one code or
 * checks one. Anything unparsable is not public (validation reports it).
 */
export function isPublicOperation(query: string | undefined, operationName: string | undefined): boolean {
  if (!query) return false;
  let document: DocumentNode;
  try {
    document = parse(query);
  } catch {
    return false;
  }
  const operations = document.definitions.filter((definition) => definition.kind === Kind.OPERATION_DEFINITION);
  const operation =
    operations.length === 1 ? operations[0] : operations.find((candidate) => candidate.name?.value === operationName);
  if (!operation || operation.operation !== 'mutation') return false;
  let publicFields = 0;
  for (const selection of operation.selectionSet.selections) {
    if (selection.kind !== Kind.FIELD) return false;
    if (selection.name.value === '__typename') continue;
    if (!PUBLIC_MUTATIONS.has(selection.name.value)) return false;
    publicFields++;
  }
  return publicFields === 1;
}
