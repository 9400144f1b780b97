// Column helpers shared by the tables in ./tables. A leaf module (it imports no table), so every table file,
// tables/users.ts included, can use it; the columns that reference users.id are in ./userColumns.ts.
import { bigint, numeric, timestamp, uuid } from 'drizzle-orm/pg-core';

/** `id uuid primary key default gen_random_uuid()`. */
export const id = () => uuid('id').primaryKey().defaultRandom();

/** `timestamp with time zone`, nullable and without a default. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** `created_at timestamptz not null default now()`. */
export const createdAt = () => timestamptz('created_at').notNull().defaultNow();

/** `updated_at timestamptz not null default now()`. */
export const updatedAt = () => timestamptz('updated_at').notNull().defaultNow();

/** Money: integer cents, `bigint` read as a JS number. */
export const cents = (name: string) => bigint(name, { mode: 'number' });

/** Share quantities: `numeric(20, 6)` read as a JS number (whole unless PAPER_FRACTIONAL). */
export const shares = (name: string) => numeric(name, { precision: 20, scale: 6, mode: 'number' });
