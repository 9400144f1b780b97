import { isOrderErrorCode, orderErrorMessage, type OrderErrorDetail } from '../../domain/trading/orderErrors';
import { errorText } from '../../graphql/errors';

/** The `extensions` of the first GraphQL error of a failed request, if any. */
function firstErrorExtensions(error: unknown): Record<string, unknown> | undefined {
  if (typeof error !== 'object' || error === null || !('response' in error)) return undefined;
  const { response } = error;
  if (typeof response !== 'object' || response === null || !('errors' in response)) return undefined;
  const { errors } = response;
  if (!Array.isArray(errors)) return undefined;
  const [first]: unknown[] = errors;
  if (typeof first !== 'object' || first === null || !('extensions' in first)) return undefined;
  const { extensions } = first;
  return typeof extensions === 'object' && extensions !== null ? (extensions as Record<string, unknown>) : undefined;
}

/** The `extensions.code` of the first GraphQL error of a failed request, if any. */
export function firstErrorCode(error: unknown): unknown {
  return firstErrorExtensions(error)?.code;
}

/** The user's limit a refusal names (`extensions.limit`: cents, percent or asset type), if it is well formed. */
function limitDetail(value: unknown): OrderErrorDetail | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const detail = value as Record<string, unknown>;
  if (typeof detail.cents === 'number' && Number.isFinite(detail.cents)) return { cents: detail.cents };
  if (typeof detail.percent === 'number' && Number.isFinite(detail.percent)) return { percent: detail.percent };
  if (typeof detail.assetType === 'string') return { assetType: detail.assetType };
  return undefined;
}

/**
 * Why an order was refused: the text of its order error code, naming the user's limit and its value when the server
 * sent one (the same wording as the server's, src/domain/trading/orderErrors.ts), else the generic error text
 * (spec §8).
 */
export function orderFailureText(error: unknown): string {
  const extensions = firstErrorExtensions(error);
  const code = extensions?.code;
  if (isOrderErrorCode(code)) return orderErrorMessage(code, limitDetail(extensions?.limit));
  return errorText(error);
}
