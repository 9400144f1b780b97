/**
 * Calls `listener` with each event of an event bus subscription (server/events.ts) until the returned function is
 * called; a listener that throws is reported to `onError` and the subscription goes on.
 */
export function listen<T>(
  subscription: AsyncIterable<T> & { return?(): unknown },
  listener: (event: T) => void,
  onError: (error: unknown) => void,
): () => void {
  void (async () => {
    for await (const event of subscription) {
      try {
        listener(event);
      } catch (error) {
        onError(error);
      }
    }
  })().catch(onError);
  return () => void subscription.return?.();
}
