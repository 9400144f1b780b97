import { describe, expect, it } from 'vitest';
import { createQueryClient, QUERY_CACHE_MAX_AGE_MS, shouldPersistQuery } from './queryClient';

function cachedQuery(queryKey: readonly unknown[], meta?: Record<string, unknown>) {
  const client = createQueryClient();
  client.setQueryData(queryKey, { value: 1 });
  const query = client.getQueryCache().find({ queryKey });
  if (!query) throw new Error('query not cached');
  if (meta) query.options.meta = meta;
  return query;
}

describe('persisted query cache', () => {
  it('keeps data in memory at least as long as a persisted copy may be restored', () => {
    const defaults = createQueryClient().getDefaultOptions().queries;
    expect(defaults?.gcTime).toBeGreaterThanOrEqual(QUERY_CACHE_MAX_AGE_MS);
    expect(defaults?.networkMode).toBe('offlineFirst');
  });

  it('persists successful screen data', () => {
    expect(shouldPersistQuery(cachedQuery(['user', 'me']))).toBe(true);
  });

  it('never persists errors, auth/session keys or queries marked persist: false', () => {
    const client = createQueryClient();
    const failing = client.getQueryCache().build(client, { queryKey: ['trading', 'status'] });
    failing.setState({ status: 'error', error: new Error('boom') });
    expect(shouldPersistQuery(failing)).toBe(false);
    expect(shouldPersistQuery(cachedQuery(['auth', 'token']))).toBe(false);
    expect(shouldPersistQuery(cachedQuery(['session']))).toBe(false);
    expect(shouldPersistQuery(cachedQuery(['chat', 'draft'], { persist: false }))).toBe(false);
  });
});
