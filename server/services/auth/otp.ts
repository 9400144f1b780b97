import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, type SQL } from 'drizzle-orm';
import * as z from 'zod';
import { OTP_CODE_LENGTH } from '../../../src/domain/constants';
import { normalizeUsPhone } from '../../../src/domain/phone';
import type { Database } from '../../db/client';
import { otpCodes, preferences, users } from '../../db/schema';
import { DEFAULT_PREFERENCES } from '../../../src/domain/preferences';
import { DeliveryError, type Notifications } from '../notifications';
import { secondsUntilAllowed, type RateLimitRule } from '../rateLimits';

/** How long a code can be used. */
export const OTP_TTL_MS = 10 * 60 * 1000;
/** Wrong tries before a code is dead. */
export const OTP_MAX_ATTEMPTS = 5;
/** Codes sent to one phone or e-mail address per hour. */
export const OTP_SENDS_PER_IDENTIFIER_PER_HOUR = 5;
/** Codes requested from one IP address per hour. */
export const OTP_SENDS_PER_IP_PER_HOUR = 20;
const HOUR_MS = 60 * 60 * 1000;
const PER_IDENTIFIER: RateLimitRule = { limit: OTP_SENDS_PER_IDENTIFIER_PER_HOUR, windowMs: HOUR_MS };
const PER_IP: RateLimitRule = { limit: OTP_SENDS_PER_IP_PER_HOUR, windowMs: HOUR_MS };

/** Error codes of the sign-in flow (spec §8 Login), answered in the `error` field. */
export type OtpErrorCode =
  | 'invalid_phone_number'
  | 'inactive_phone_number'
  | 'invalid_email'
  | 'inactive_email'
  | 'invalid_code'
  | 'code_not_found'
  | 'code_expired'
  | 'too_many_requests'
  | 'delivery_failed';

export type SendResult =
  { success: true; methodId: string } | { success: false; error: OtpErrorCode; message?: string };
export type VerifyResult = { success: true; userId: string } | { success: false; error: OtpErrorCode };

export interface Identifier {
  channel: 'email' | 'sms';
  value: string;
}

const email = z.email({ pattern: z.regexes.html5Email });

/** The phone (US, E.164) or e-mail (lower-cased) a request names, or the error code for a bad one. */
export function parseIdentifier(input: {
  phoneNumber?: string | null;
  email?: string | null;
}): Identifier | OtpErrorCode {
  if (input.phoneNumber && input.email) return 'invalid_email';
  if (input.phoneNumber !== undefined && input.phoneNumber !== null) {
    const phone = normalizeUsPhone(input.phoneNumber);
    return phone ? { channel: 'sms', value: phone } : 'invalid_phone_number';
  }
  const address = input.email?.trim().toLowerCase() ?? '';
  return address.length <= 254 && email.safeParse(address).success
    ? { channel: 'email', value: address }
    : 'invalid_email';
}

const hashCode = (code: string, salt: string) => createHmac('sha256', salt).update(code).digest('hex');

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

function message(code: string): { subject: string; text: string; sms: string } {
  return {
    subject: `Your AI Trading sign-in code: ${code}`,
    text: `Your sign-in code is ${code}.\n\nIt expires in 10 minutes and works once. If you did not ask for it, ignore this e-mail.`,
    sms: `Your AI Trading sign-in code is ${code}. It expires in 10 minutes.`,
  };
}

interface OtpDependencies {
  db: Database;
  notifications: Notifications;
  now: () => Date;
}

/**
 * One-time codes: 6 digits from crypto.randomInt, kept only as an HMAC-SHA256 with a random salt, valid for
 * 10 minutes, single use, replaced by a newer one, dead after 5 wrong tries; sending is limited per
 * identifier and per IP. Answers do not reveal whether an identifier belongs to a user.
 */
export function createOtpService({ db, notifications, now }: OtpDependencies) {
  return {
    async send(identifier: Identifier, ip: string): Promise<SendResult> {
      const at = now();
      const codesBy = (where: SQL) =>
        ({ table: otpCodes, where, createdAt: otpCodes.createdAt, newestFirst: otpCodes.createdAt }) as const;
      const waits = await Promise.all([
        secondsUntilAllowed(db, codesBy(eq(otpCodes.identifier, identifier.value)), PER_IDENTIFIER, at),
        secondsUntilAllowed(db, codesBy(eq(otpCodes.ip, ip)), PER_IP, at),
      ]);
      if (waits.some((wait) => wait > 0)) return { success: false, error: 'too_many_requests' };

      const code = String(randomInt(0, 10 ** OTP_CODE_LENGTH)).padStart(OTP_CODE_LENGTH, '0');
      const salt = randomBytes(16).toString('hex');
      const methodId = await db.transaction(async (tx) => {
        // A new code replaces every earlier one of the identifier.
        await tx
          .update(otpCodes)
          .set({ closedAt: at })
          .where(and(eq(otpCodes.identifier, identifier.value), isNull(otpCodes.closedAt)));
        const [row] = await tx
          .insert(otpCodes)
          .values({
            identifier: identifier.value,
            channel: identifier.channel,
            codeHash: hashCode(code, salt),
            salt,
            ip,
            createdAt: at,
            expiresAt: new Date(at.getTime() + OTP_TTL_MS),
          })
          .returning({ id: otpCodes.id });
        if (!row) throw new Error('code not stored');
        return row.id;
      });

      const text = message(code);
      try {
        if (identifier.channel === 'email') {
          await notifications.email.send({ to: identifier.value, subject: text.subject, text: text.text });
        } else {
          await notifications.sms.send({ to: identifier.value, body: text.sms });
        }
      } catch (error) {
        await db.update(otpCodes).set({ closedAt: at }).where(eq(otpCodes.id, methodId));
        if (error instanceof DeliveryError) {
          return error.reason === 'delivery_failed'
            ? { success: false, error: 'delivery_failed', message: error.message }
            : { success: false, error: error.reason };
        }
        throw error;
      }
      return { success: true, methodId };
    },

    /** Checks a code; the first success for an identifier creates its (verified) user. */
    async verify(identifier: Identifier, methodId: string, code: string): Promise<VerifyResult> {
      if (!z.uuid().safeParse(methodId).success) return { success: false, error: 'code_not_found' };
      const at = now();
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(otpCodes).where(eq(otpCodes.id, methodId)).for('update');
        if (!row || row.identifier !== identifier.value || row.closedAt)
          return { success: false, error: 'code_not_found' };
        if (row.expiresAt.getTime() <= at.getTime()) return { success: false, error: 'code_expired' };
        if (!/^\d{6}$/.test(code) || !sameHash(hashCode(code, row.salt), row.codeHash)) {
          const attempts = row.attempts + 1;
          await tx
            .update(otpCodes)
            .set({ attempts, ...(attempts >= OTP_MAX_ATTEMPTS && { closedAt: at }) })
            .where(eq(otpCodes.id, row.id));
          return { success: false, error: 'invalid_code' };
        }
        await tx.update(otpCodes).set({ closedAt: at }).where(eq(otpCodes.id, row.id));
        const column = identifier.channel === 'email' ? users.email : users.phoneNumber;
        await tx
          .insert(users)
          .values(
            identifier.channel === 'email'
              ? { email: identifier.value, isVerified: true }
              : { phoneNumber: identifier.value, isVerified: true },
          )
          .onConflictDoNothing();
        const [user] = await tx.select({ id: users.id }).from(users).where(eq(column, identifier.value));
        if (!user) throw new Error('user not created');
        await tx.update(users).set({ isVerified: true }).where(eq(users.id, user.id));
        await tx
          .insert(preferences)
          .values({ userId: user.id, ...DEFAULT_PREFERENCES })
          .onConflictDoNothing();
        return { success: true, userId: user.id };
      });
    },
  };
}

export type OtpService = ReturnType<typeof createOtpService>;
