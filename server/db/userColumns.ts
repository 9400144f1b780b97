// The `user_id` columns of the per-user tables: a reference to users.id, deleted with the user.
// Apart from ./columns.ts because it imports the users table, whose module uses ./columns.ts (no import circle).
import { uuid } from 'drizzle-orm/pg-core';
import { users } from './tables/users';

/** `user_id uuid not null references users(id) on delete cascade`. */
export const userId = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** `user_id uuid primary key references users(id) on delete cascade`: tables with one row per user. */
export const userIdPrimaryKey = () =>
  uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' });
