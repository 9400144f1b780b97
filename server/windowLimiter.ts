/**
 * A sliding-window limit in this process's memory: at most `limit` calls per key within any `windowMs` (`now` in
 * epoch ms). The returned function admits one call of `key`: 0 when it is allowed (and counted), else the
 * milliseconds until one more would be (a refused call is not counted). Once more than `maxKeys` keys are held,
 * the keys whose calls have all left the window are dropped. Used per user by the report exports and the AI
 * analysis's language-model path (limits counted in the database are ./services/rateLimits.ts).
 */
export function windowLimiter(limit: number, windowMs: number, now: () => number, maxKeys = 10_000) {
  const calls = new Map<string, number[]>();
  return (key: string): number => {
    const at = now();
    const recent = (calls.get(key) ?? []).filter((t) => t > at - windowMs);
    if (recent.length >= limit) {
      calls.set(key, recent);
      return recent[recent.length - limit]! + windowMs - at;
    }
    recent.push(at);
    calls.set(key, recent);
    if (calls.size > maxKeys)
      for (const [other, times] of calls) if (times.every((t) => t <= at - windowMs)) calls.delete(other);
    return 0;
  };
}
