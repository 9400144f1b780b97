/**
 * Allows `limit` calls per key within any `windowMs` (sliding window, in this process's memory; `now` in epoch ms).
 * A refused call is not counted. The AI analysis uses it per user for its language-model path.
 */
export function windowLimiter(limit: number, windowMs: number, now: () => number) {
  const calls = new Map<string, number[]>();
  return (key: string): boolean => {
    const at = now();
    const recent = (calls.get(key) ?? []).filter((t) => t > at - windowMs);
    const allowed = recent.length < limit;
    if (allowed) recent.push(at);
    if (recent.length > 0) calls.set(key, recent);
    else calls.delete(key);
    return allowed;
  };
}
