/**
 * "Delete my account" (issue 14 point 8): removes every row of the user.
 *
 * Rules:
 * - Only with sign-in (AUTH_MODE=otp): the single user of single-user mode is the app itself and is refused.
 * - The caller confirms by sending the word DELETE (`confirm`); anything else is bad input and nothing changes.
 * - Before the rows go: the user's working orders are cancelled through the broker (a live broker's orders too),
 *   so nothing keeps working at a broker for an account that no longer exists.
 * - Every session of the user is revoked first, on every process (open sockets close).
 * - Then one statement deletes the user; every per-user table references users(id) ON DELETE CASCADE (server/db/
 *   userColumns.ts), so every row of the user goes with it in the same transaction, with the user's pending
 *   sign-in codes.
 * - Afterwards the strategy runner is told that the user's strategies changed, so it stops running them at once.
 */
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { otpCodes, strategies, users } from '../../db/schema';
import type { AuthMode } from '../../config';
import { AppError, badUserInput } from '../errors';

export const DELETE_CONFIRMATION = 'DELETE';

export interface DeleteAccountDeps {
  db: Database;
  /** Sign-in mode: accounts can be deleted only with one-time-code sign-in. */
  authMode: AuthMode;
  /** Cancels every working order of the user (the broker in use). */
  cancelAllOrders: (userId: string) => Promise<unknown>;
  /** Revokes every session of the user on every process. */
  revokeUserSessions: (userId: string) => Promise<void>;
  /** Tells the strategy runner that a strategy changed (here: is gone). */
  strategyChanged: (strategyId: string) => void;
}

export async function deleteAccount(deps: DeleteAccountDeps, userId: string, confirm: string): Promise<void> {
  if (deps.authMode !== 'otp') {
    throw new AppError('not_available', 'The account cannot be deleted in single-user mode (AUTH_MODE=otp only).');
  }
  if (confirm !== DELETE_CONFIRMATION) throw badUserInput(`confirm: type ${DELETE_CONFIRMATION} to delete the account`);

  await deps.cancelAllOrders(userId);
  await deps.revokeUserSessions(userId);
  const strategyIds = await deps.db.transaction(async (tx) => {
    const owned = await tx.select({ id: strategies.id }).from(strategies).where(eq(strategies.userId, userId));
    const [gone] = await tx
      .delete(users)
      .where(eq(users.id, userId))
      .returning({ email: users.email, phoneNumber: users.phoneNumber });
    const identifiers = [gone?.email, gone?.phoneNumber].filter((value): value is string => Boolean(value));
    if (identifiers.length > 0) await tx.delete(otpCodes).where(inArray(otpCodes.identifier, identifiers));
    return owned.map((strategy) => strategy.id);
  });
  for (const id of strategyIds) deps.strategyChanged(id);
}
