/**
 * The graphql-ws `next` messages of a result multicast to many subscribers (sharedStreams.ts): the result is
 * serialised once, on first use, and each subscriber's message is that JSON inside its own `{"id", "type",
 * "payload"}` frame, exactly what graphql-ws would send (JSON.stringify({ id, type: 'next', payload })), without
 * serialising the same payload once per subscriber.
 */
export function createSharedPayloads() {
  const serialised = new WeakMap<object, string>();

  return {
    /** The `next` message of subscription `id` carrying `result`. */
    nextMessage(id: string, result: object): string {
      let json = serialised.get(result);
      if (json === undefined) serialised.set(result, (json = JSON.stringify(result)));
      return `{"id":${JSON.stringify(id)},"type":"next","payload":${json}}`;
    },
  };
}
