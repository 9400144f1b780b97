import { orderErrorText } from '../../domain/trading/orderErrors';
import { errorText } from '../../graphql/errors';

/** The `extensions.code` of the first GraphQL error of a failed request, if any. */
export function firstErrorCode(error: unknown): unknown {
  if (typeof error !== 'object' || error === null || !('response' in error)) return undefined;
  const { response } = error;
  if (typeof response !== 'object' || response === null || !('errors' in response)) return undefined;
  const { errors } = response;
  if (!Array.isArray(errors)) return undefined;
  const [first]: unknown[] = errors;
  if (typeof first !== 'object' || first === null || !('extensions' in first)) return undefined;
  const { extensions } = first;
  return typeof extensions === 'object' && extensions !== null && 'code' in extensions ? extensions.code : undefined;
}

/** Why an order was refused: the text of its order error code, else the generic error text (spec §8). */
export function orderFailureText(error: unknown): string {
  return orderErrorText(firstErrorCode(error)) ?? errorText(error);
}
