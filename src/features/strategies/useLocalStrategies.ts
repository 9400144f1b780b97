import { useQuery } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { localDb, type LocalDb } from '../../data/db';
import { localStrategies, storeServerStrategies, type LocalStrategy } from '../../data/strategies';
import { matchesStrategyFilters, strategiesQuery, type StrategyFilters } from './queries';

/** Where a strategy's changes are: all on the server, waiting on this device, or refused by the server. */
export type StrategySync = { state: 'pending' } | { state: 'failed'; error: string };

const ENTITY_PREFIX = 'strategies:';

/** Strategy id → the state of its queued writes (a failed one wins); strategies not listed are synced. */
async function strategySyncStates(db: LocalDb): Promise<Map<string, StrategySync>> {
  const rows = await db.outbox.where('entityKey').startsWith(ENTITY_PREFIX).toArray();
  const states = new Map<string, StrategySync>();
  for (const row of rows) {
    const id = row.entityKey.slice(ENTITY_PREFIX.length);
    if (row.status === 'failed') states.set(id, { state: 'failed', error: row.lastError ?? 'Refused by the server.' });
    else if (!states.has(id)) states.set(id, { state: 'pending' });
  }
  return states;
}

/**
 * The strategies on this device (live from Dexie), filtered here as the server would, with the sync state of each;
 * refreshed in the background from the server's unfiltered list (strategies with unsent changes keep their local
 * state). `strategies` is undefined while neither has answered; `refresh` is the server read (its error, Retry).
 */
export function useLocalStrategies(filters: StrategyFilters) {
  const db = localDb();
  const refresh = useQuery(strategiesQuery());
  const answer = refresh.data?.strategies;
  useEffect(() => {
    if (answer) storeServerStrategies(db, answer).catch((error: unknown) => console.warn('strategies cache', error));
  }, [db, answer]);
  const local = useLiveQuery(() => localStrategies(db), [db]);
  const sync = useLiveQuery(() => strategySyncStates(db), [db], new Map<string, StrategySync>());
  // A first answer not yet written to Dexie: shown as the server sent it.
  const all: readonly LocalStrategy[] | undefined =
    local === undefined ? undefined : local.length === 0 && answer && answer.length > 0 ? answer : local;
  return { strategies: all?.filter((s) => matchesStrategyFilters(s, filters)), sync, refresh };
}
