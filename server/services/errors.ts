import type { OrderErrorCode } from '../../src/domain/trading/orderErrors';

/**
 * Stable, machine-readable error codes. GraphQL answers carry them in `extensions.code`
 * (see server/graphql/maskErrors.ts); the client maps codes to the spec's texts.
 * Order refusals carry the paper broker's codes (src/domain/trading/orderErrors.ts).
 */
export type ErrorCode =
  | 'BAD_USER_INPUT'
  | 'UNAUTHENTICATED'
  | 'NOT_FOUND'
  /** An Idempotency-Key already used by the same user for a different operation. */
  | 'idempotency_key_reused'
  /** A per-user rate limit (./rateLimits.ts); `extensions.retryAfter` says how many seconds to wait. */
  | 'too_many_requests'
  /** A feature that is not built yet (automated strategy trading). */
  | 'not_available'
  /** A connected broker failed or refused a request for a reason of its own (the message says which). */
  | 'broker_error'
  | OrderErrorCode;

/** An expected failure whose message is safe to show to the user. */
export class AppError extends Error {
  override name = 'AppError';

  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Details for the client beside the code (GraphQL `extensions`), e.g. `retryAfter`. */
    readonly details: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
  }
}

/**
 * An order reached the broker of the other mode: the paper broker for a user trading live, or a live broker for a
 * user back in paper mode. The broker router remembers each user's mode for a few seconds, and a switch made by
 * another server reaches this one only then. The broker refuses before anything is written or sent; the router
 * reads the mode again and sends the order once more (createBrokerRouter). Its message is what a caller sees if
 * the mode changes once more in between.
 */
export class ModeChangedError extends AppError {
  constructor() {
    super('broker_error', 'Your trading mode has just changed: the order was not placed. Place it again.');
  }
}

export function badUserInput(message: string): AppError {
  return new AppError('BAD_USER_INPUT', message);
}

/** BAD_USER_INPUT naming the input field in `extensions.field` (REST: `field`), with `message` as it is. */
export function badField(field: string, message: string): AppError {
  return new AppError('BAD_USER_INPUT', message, { field });
}

/** A missing id, or one that belongs to another user (the same answer, so ids of others are not revealed). */
export function notFound(what: string): AppError {
  return new AppError('NOT_FOUND', `${what} not found`);
}

/** The one message for a missing, unknown, expired or revoked token (the client signs out on "unauthorized"). */
export const UNAUTHORIZED_MESSAGE = 'unauthorized: sign in required';

export function unauthenticated(): AppError {
  return new AppError('UNAUTHENTICATED', UNAUTHORIZED_MESSAGE);
}

/** True when `error` (or its cause, as drizzle wraps driver errors) is a unique violation of `constraint`. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    const { code, constraint: name } = current as Error & { code?: unknown; constraint?: unknown };
    if (code === '23505' && (name === undefined || name === constraint)) return true;
  }
  return false;
}
