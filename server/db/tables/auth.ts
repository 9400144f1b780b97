// Tables of the sign-in flow (before a user exists, so nothing here references users): one-time codes.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { id, timestamptz } from '../columns';

/**
 * One-time sign-in codes. `id` is the methodId the client sends back with the code; only a salted hash of
 * the code is kept. A code is spent (`closed_at`) when used, replaced by a newer one, or out of tries.
 */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: id(),
    /** Normalised e-mail address or E.164 phone number. */
    identifier: text('identifier').notNull(),
    channel: text('channel').$type<'email' | 'sms'>().notNull(),
    codeHash: text('code_hash').notNull(),
    salt: text('salt').notNull(),
    attempts: integer('attempts').notNull().default(0),
    ip: text('ip').notNull(),
    /** Set by the auth service (its clock, which the rate limits count against); no database default. */
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    closedAt: timestamptz('closed_at'),
  },
  (table) => [
    index('otp_codes_identifier_created_idx').on(table.identifier, table.createdAt),
    index('otp_codes_ip_created_idx').on(table.ip, table.createdAt),
    check('otp_codes_channel_check', sql`${table.channel} in ('email', 'sms')`),
  ],
);
