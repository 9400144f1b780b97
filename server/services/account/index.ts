/**
 * The user's own account as a whole (issue 14 point 8, Settings): sign out everywhere, export my data, delete my
 * account. Each rule is stated in its module (./exportData.ts, ./deleteAccount.ts).
 */
import type { Database } from '../../db/client';
import { AppError } from '../errors';
import { deleteAccount, type DeleteAccountDeps } from './deleteAccount';
import { exportUserData, type UserDataExport } from './exportData';

export { DELETE_CONFIRMATION } from './deleteAccount';
export type { UserDataExport } from './exportData';

export interface AccountServiceDeps extends DeleteAccountDeps {
  db: Database;
  now: () => Date;
}

export function createAccountService(deps: AccountServiceDeps) {
  /** Users whose export is being written on this process: one at a time per user (an export reads every row). */
  const exporting = new Set<string>();
  return {
    /** Revokes every session of the user, this one included (every device must sign in again). */
    signOutEverywhere: (userId: string) => deps.revokeUserSessions(userId),
    /** Every row of the user, secrets left out (null: the user is gone); refused while another one is under way. */
    async exportData(userId: string): Promise<UserDataExport | null> {
      if (exporting.has(userId)) {
        throw new AppError('too_many_requests', 'An export of your data is already being prepared', { retryAfter: 5 });
      }
      exporting.add(userId);
      try {
        return await exportUserData(deps.db, userId, deps.now());
      } finally {
        exporting.delete(userId);
      }
    },
    deleteAccount: (userId: string, confirm: string) => deleteAccount(deps, userId, confirm),
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
