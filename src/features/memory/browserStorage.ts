import { localDb } from '../../data/db';

/** What this browser stores for the app: the origin's usage and quota, Dexie rows, the service worker's caches. */
export interface BrowserStorage {
  /** navigator.storage.estimate(); null where the browser does not tell. */
  estimate: { usage: number; quota: number } | null;
  /** Rows in each table of the local database (src/data/db.ts). */
  tables: { name: string; rows: number }[];
  /** Each Cache Storage cache (the service worker's precache and runtime caches) and its entries. */
  caches: { name: string; entries: number }[];
}

async function estimate(): Promise<BrowserStorage['estimate']> {
  if (typeof navigator === 'undefined' || !navigator.storage?.estimate) return null;
  const { usage, quota } = await navigator.storage.estimate();
  return usage === undefined || quota === undefined ? null : { usage, quota };
}

async function cacheEntries(): Promise<BrowserStorage['caches']> {
  if (typeof caches === 'undefined') return [];
  const names = await caches.keys();
  return Promise.all(names.map(async (name) => ({ name, entries: (await (await caches.open(name)).keys()).length })));
}

export async function readBrowserStorage(): Promise<BrowserStorage> {
  const db = localDb();
  const [usage, tables, cached] = await Promise.all([
    estimate(),
    Promise.all(db.tables.map(async (table) => ({ name: table.name, rows: await table.count() }))),
    cacheEntries(),
  ]);
  return { estimate: usage, tables: tables.sort((a, b) => a.name.localeCompare(b.name)), caches: cached };
}
