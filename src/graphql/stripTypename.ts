function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * Removes every `__typename` key, at any depth, from plain objects and arrays (spec §7: type-name
 * fields are stripped from variables), so data read from a query can be sent back as input.
 * Other values (dates, files, class instances) are kept as they are; the input is not modified.
 */
export function stripTypename<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item: unknown) => stripTypename(item)) as T;
  if (!isPlainObject(value)) return value;
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (key !== '__typename') result[key] = stripTypename(item);
  }
  return result as T;
}
