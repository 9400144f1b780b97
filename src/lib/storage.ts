/**
 * The small slice of `Storage` the app uses. Access is wrapped because storage can throw (private
 * browsing, disabled cookies, quota): the app then behaves as if nothing were stored.
 */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function browserStorage(): KeyValueStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readStored(key: string, storage: KeyValueStorage | null = browserStorage()): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: string, storage: KeyValueStorage | null = browserStorage()): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // Nothing to do: the value only lives for this page load.
  }
}

export function removeStored(key: string, storage: KeyValueStorage | null = browserStorage()): void {
  try {
    storage?.removeItem(key);
  } catch {
    // Nothing stored that could be removed.
  }
}

/** An in-memory KeyValueStorage, for tests and as a stand-in. */
export function memoryStorage(
  initial: Record<string, string> = {},
): KeyValueStorage & { dump(): Record<string, string> } {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, String(value)),
    removeItem: (key) => void values.delete(key),
    dump: () => Object.fromEntries(values),
  };
}
