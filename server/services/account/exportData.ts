/**
 * "Export my data" (issue 14 point 8): every row the app keeps about a user, as one JSON document.
 *
 * Rules:
 * - Every table with a `user_id` column is exported (found from the schema, so a table added later is exported
 *   without a change here), plus the user's own row; rows oldest first where the table has `created_at`.
 * - Secrets never leave the server: a column whose name starts with `sealed_` (broker keys and OAuth tokens) or is a
 *   hash (`token_hash`, `code_hash`) is left out of every row.
 * - Tables of short-lived security records are left out whole, each with its reason in EXCLUDED_TABLES (the export
 *   lists them under `excluded`, so nothing is left out silently).
 */
import { asc, eq, getTableColumns, is } from 'drizzle-orm';
import { getTableConfig, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import * as schema from '../../db/schema';

/** Tables not exported, and why. */
export const EXCLUDED_TABLES: Readonly<Record<string, string>> = {
  idempotency_keys: 'replay records of requests (kept 24 hours), not data of the account',
  broker_connect_attempts: 'a count of connection attempts for the rate limit',
  oauth_states: 'single-use OAuth state and PKCE verifiers (secrets, valid 10 minutes)',
};

/** A column never exported: sealed secrets and hashes. */
export function isSecretColumn(name: string): boolean {
  return name.startsWith('sealed_') || name.endsWith('_hash');
}

export interface UserDataExport {
  exportedAt: string;
  user: Record<string, unknown>;
  /** SQL table name → the user's rows (camelCase fields, secrets left out). */
  tables: Record<string, Record<string, unknown>[]>;
  /** SQL table name → why it is not exported. */
  excluded: Record<string, string>;
}

interface UserTable {
  name: string;
  table: PgTable;
  userColumn: PgColumn;
  createdAt: PgColumn | undefined;
  /** JS field names of the columns exported. */
  fields: string[];
}

function exportedFields(table: PgTable): string[] {
  return Object.entries(getTableColumns(table))
    .filter(([, column]) => !isSecretColumn(column.name))
    .map(([field]) => field);
}

/** The schema's tables holding rows of a user (by `user_id`), excluded ones left out. */
export function userTables(): UserTable[] {
  const tables: UserTable[] = [];
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    const { name } = getTableConfig(value);
    const columns = Object.values(getTableColumns(value));
    const userColumn = columns.find((column) => column.name === 'user_id');
    if (!userColumn || name in EXCLUDED_TABLES) continue;
    const createdAt = columns.find((column) => column.name === 'created_at');
    tables.push({ name, table: value, userColumn, createdAt, fields: exportedFields(value) });
  }
  return tables.sort((a, b) => a.name.localeCompare(b.name));
}

function pick(row: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(fields.map((field) => [field, row[field]]));
}

/** Every row of the user (null when the user does not exist). */
export async function exportUserData(db: Database, userId: string, now: Date): Promise<UserDataExport | null> {
  const [user] = await db.select().from(schema.users).where(eq(schema.users.id, userId));
  if (!user) return null;
  const tables: UserDataExport['tables'] = {};
  for (const { name, table, userColumn, createdAt, fields } of userTables()) {
    const query = db.select().from(table).where(eq(userColumn, userId));
    const rows = (await (createdAt ? query.orderBy(asc(createdAt)) : query)) as Record<string, unknown>[];
    tables[name] = rows.map((row) => pick(row, fields));
  }
  return {
    exportedAt: now.toISOString(),
    user: pick(user, exportedFields(schema.users)),
    tables,
    excluded: { ...EXCLUDED_TABLES },
  };
}
