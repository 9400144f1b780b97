import { parseIdempotencyKey, type MutationCall } from '../services/idempotency';
import type { GraphQLContext } from './context';

/** The signed-in user and the request's validated Idempotency-Key, as every mutation passes them. */
export function mutationCall({ user, idempotencyKey }: GraphQLContext): MutationCall {
  return { userId: user.id, idempotencyKey: parseIdempotencyKey(idempotencyKey) };
}
