import { index, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../columns';
import { userId } from '../userColumns';

/**
 * Idempotency keys of mutations (header `Idempotency-Key`): inserted in the same transaction as the
 * write, with the operation's result, so a replay returns that result and writes nothing. Rows older
 * than 7 days may be purged (purgeIdempotencyKeys in server/services/idempotency).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: userId(),
    key: text('key').notNull(),
    operation: text('operation').notNull(),
    result: jsonb('result').$type<{ value: unknown }>(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ name: 'idempotency_keys_pk', columns: [table.userId, table.key] }),
    index('idempotency_keys_created_idx').on(table.createdAt),
  ],
);
