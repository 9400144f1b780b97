import { SINGLE_USER_TOKEN } from '../../../src/domain/constants';
import type { AuthMode } from '../../config';
import type { Database } from '../../db/client';
import type { Notifications } from '../notifications';
import { loadUserProfile } from '../users';
import { createOtpService, parseIdentifier } from './otp';
import { createSession } from './sessions';

export interface LoginInput {
  phoneNumber?: string | null;
  email?: string | null;
}

export interface VerifyInput extends LoginInput {
  code: string;
  methodId: string;
}

type Profile = Awaited<ReturnType<typeof loadUserProfile>>;

export interface LoginAnswer {
  success: boolean;
  methodId: string | null;
  user: Profile | null;
  token: string | null;
  error: string | null;
}

export interface VerifyAnswer {
  success: boolean;
  user: Profile | null;
  token: string | null;
  expiresAt: string | null;
  error: string | null;
}

/** methodId answered in single-user mode, where no code is sent. */
export const SINGLE_USER_METHOD_ID = 'single-user';

interface SignInDependencies {
  db: Database;
  notifications: Notifications;
  now: () => Date;
  authMode: AuthMode;
  singleUserId: string | undefined;
  /** Revokes a session at once (the authenticator's, which also forgets it from its cache). */
  revokeSession: (token: string) => Promise<void>;
}

/**
 * Sign-in by one-time code (AUTH_MODE=otp) or the single-user mode, where login and verify always succeed
 * as the default user (spec §1). The same answers serve GraphQL and REST.
 */
export function createSignInService({
  db,
  notifications,
  now,
  authMode,
  singleUserId,
  revokeSession,
}: SignInDependencies) {
  const otp = createOtpService({ db, notifications, now });
  const failed = (error: string) => ({ success: false, user: null, token: null, error });
  return {
    async login(input: LoginInput, ip: string): Promise<LoginAnswer> {
      if (authMode === 'single') {
        return { success: true, methodId: SINGLE_USER_METHOD_ID, user: null, token: null, error: null };
      }
      const identifier = parseIdentifier(input);
      if (typeof identifier === 'string') return { ...failed(identifier), methodId: null };
      const sent = await otp.send(identifier, ip);
      return sent.success
        ? { success: true, methodId: sent.methodId, user: null, token: null, error: null }
        : { ...failed(sent.message ?? sent.error), methodId: null };
    },

    async verify(input: VerifyInput): Promise<VerifyAnswer> {
      if (authMode === 'single' && singleUserId) {
        return {
          success: true,
          user: await loadUserProfile(db, singleUserId),
          token: SINGLE_USER_TOKEN,
          expiresAt: null,
          error: null,
        };
      }
      const identifier = parseIdentifier(input);
      if (typeof identifier === 'string') return { ...failed(identifier), expiresAt: null };
      const checked = await otp.verify(identifier, input.methodId, input.code.trim());
      if (!checked.success) return { ...failed(checked.error), expiresAt: null };
      const session = await createSession(db, checked.userId, now());
      return {
        success: true,
        user: await loadUserProfile(db, checked.userId),
        token: session.token,
        expiresAt: session.expiresAt.toISOString(),
        error: null,
      };
    },

    async logout(token: string | null): Promise<{ success: boolean }> {
      if (token && token !== SINGLE_USER_TOKEN) await revokeSession(token);
      return { success: true };
    },
  };
}

export type SignInService = ReturnType<typeof createSignInService>;
