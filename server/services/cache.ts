/**
 * A small in-process cache the areas share (sessions, preferences, users): an entry lives `ttlMs` of the
 * clock given (a clock that goes back makes it stale), at most `maxEntries` are kept (the least recently
 * used go first). `load` runs one loader per key at a time (concurrent callers share it), and `delete`
 * during a load keeps that load's answer out of the cache: a write that deletes the key after changing the
 * row is never overwritten by a read that started before it. Null answers are not cached.
 */
export interface TtlCacheOptions {
  ttlMs: number;
  maxEntries: number;
  /** Epoch milliseconds (the app clock). */
  now: () => number;
  /** Named caches are counted by {@link cacheSizes} (Memory monitoring) while they are alive. */
  name?: string;
}

/** The named caches alive in this process (held weakly: a closed app's caches drop out once collected). */
const namedCaches = new Set<WeakRef<TtlCache<unknown, object>>>();

/** Entries held now by the named caches of this process, per name (caches of one name, e.g. of two apps, added). */
export function cacheSizes(): { name: string; entries: number }[] {
  const totals = new Map<string, number>();
  for (const ref of namedCaches) {
    const cache = ref.deref();
    if (!cache) namedCaches.delete(ref);
    else if (cache.name) totals.set(cache.name, (totals.get(cache.name) ?? 0) + cache.size);
  }
  return [...totals].map(([name, entries]) => ({ name, entries })).sort((a, b) => a.name.localeCompare(b.name));
}

export class TtlCache<K, V extends object> {
  private readonly entries = new Map<K, { value: V; at: number }>();
  private readonly loads = new Map<K, Promise<V | null>>();

  constructor(private readonly options: TtlCacheOptions) {
    if (options.name) namedCaches.add(new WeakRef(this as TtlCache<unknown, object>));
  }

  get name(): string | undefined {
    return this.options.name;
  }

  /** The fresh cached value, or undefined. */
  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const age = this.options.now() - entry.at;
    if (age < 0 || age >= this.options.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    // Most recently used last (Map keeps insertion order).
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, { value, at: this.options.now() });
    if (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
  }

  /** Forgets the key, and the answer of a load of it under way. */
  delete(key: K): void {
    this.entries.delete(key);
    this.loads.delete(key);
  }

  /**
   * Forgets every cached entry `matches` (e.g. the sessions a revocation notice names), and the answers of every
   * load under way, whose values are not known yet: they still answer their callers but are not cached.
   */
  deleteWhere(matches: (value: V, key: K) => boolean): void {
    for (const [key, entry] of [...this.entries]) if (matches(entry.value, key)) this.entries.delete(key);
    this.loads.clear();
  }

  /** The cached value, else the answer of `loader` (shared with concurrent callers; cached unless null). */
  async load<R extends V | null>(key: K, loader: () => Promise<R>): Promise<V | R> {
    const cached = this.get(key);
    if (cached) return cached;
    // Every load of a key runs the same loader, so a pending one answers like `loader` would.
    const pending = this.loads.get(key) as Promise<R> | undefined;
    if (pending) return pending;
    const promise = loader();
    this.loads.set(key, promise);
    try {
      const value = await promise;
      if (value !== null && this.loads.get(key) === promise) this.set(key, value);
      return value;
    } finally {
      if (this.loads.get(key) === promise) this.loads.delete(key);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
