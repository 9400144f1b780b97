/**
 * Multicast of subscription streams: the subscribers of one key share one upstream iterator (opened by the
 * first of them), so each upstream event is produced once and handed to every subscriber, whatever their
 * number. Each subscriber is served synchronously: its `deliver` is handed each event as the upstream produces it
 * (no queue, no promise per event; a slow socket is the deliverer's to handle), and its iterator only ever settles
 * with the end or the error. The upstream is closed (`return()`) when its last subscriber leaves; when it ends or
 * fails, so does every subscriber, and the next subscriber of the key opens a new one. An `open()` that answers
 * something other than an async iterable (a GraphQL result with errors) is handed to every subscriber that waited
 * for it and is not kept.
 */

/** What `open` gives: an upstream stream, or an immediate answer (e.g. an ExecutionResult with errors). */
type Opened<T, A> = AsyncIterable<T> | A;

const isAsyncIterable = (value: unknown): value is AsyncIterable<unknown> =>
  typeof value === 'object' && value !== null && Symbol.asyncIterator in value;

class Subscriber<T> implements AsyncIterableIterator<T> {
  private waiting: ((result: IteratorResult<T>) => void) | undefined;
  private failWaiting: ((error: unknown) => void) | undefined;
  private done = false;
  private failure: { error: unknown } | undefined;

  constructor(
    private readonly deliver: (value: T) => void,
    private readonly onLeave: (subscriber: Subscriber<T>) => void,
  ) {}

  push(value: T): void {
    if (this.done) return;
    try {
      this.deliver(value);
    } catch (error) {
      this.end({ error });
      this.onLeave(this);
    }
  }

  /** The upstream ended (or failed): the iterator settles with the end (or the error). */
  end(failure?: { error: unknown }): void {
    if (this.done) return;
    this.done = true;
    this.failure = failure;
    if (this.waiting) this.settleWaiting();
  }

  /** Settles only with the end or the error: the events went to `deliver`. */
  next(): Promise<IteratorResult<T>> {
    if (this.done) {
      const failure = this.failure;
      this.failure = undefined;
      return failure ? Promise.reject(failure.error) : Promise.resolve({ value: undefined, done: true });
    }
    return new Promise((resolve, reject) => {
      this.waiting = resolve;
      this.failWaiting = reject;
    });
  }

  return(): Promise<IteratorResult<T>> {
    if (!this.done) {
      this.done = true;
      this.onLeave(this);
    }
    this.failure = undefined;
    if (this.waiting) this.settleWaiting();
    return Promise.resolve({ value: undefined, done: true });
  }

  [Symbol.asyncIterator]() {
    return this;
  }

  private settleWaiting() {
    const resolve = this.waiting!;
    const reject = this.failWaiting!;
    this.waiting = this.failWaiting = undefined;
    if (this.failure) {
      const { error } = this.failure;
      this.failure = undefined;
      reject(error);
    } else resolve({ value: undefined, done: true });
  }
}

class Topic<T> {
  private readonly subscribers = new Set<Subscriber<T>>();
  private readonly upstream: AsyncIterator<T>;
  private closed = false;

  constructor(
    source: AsyncIterable<T>,
    private readonly onClose: () => void,
  ) {
    this.upstream = source[Symbol.asyncIterator]();
    void this.pump();
  }

  /** A new subscriber, or undefined when the topic has already closed. */
  join(deliver: (value: T) => void): Subscriber<T> | undefined {
    if (this.closed) return undefined;
    const subscriber = new Subscriber<T>(deliver, (leaving) => this.leave(leaving));
    this.subscribers.add(subscriber);
    return subscriber;
  }

  get size(): number {
    return this.subscribers.size;
  }

  private leave(subscriber: Subscriber<T>) {
    this.subscribers.delete(subscriber);
    if (this.subscribers.size > 0 || this.closed) return;
    this.close();
    void this.upstream.return?.()?.catch(() => undefined);
  }

  private close(failure?: { error: unknown }) {
    if (this.closed) return;
    this.closed = true;
    this.onClose();
    for (const subscriber of this.subscribers) subscriber.end(failure);
    this.subscribers.clear();
  }

  private async pump() {
    try {
      while (!this.closed) {
        const result = await this.upstream.next();
        if (result.done) break;
        for (const subscriber of this.subscribers) subscriber.push(result.value);
      }
      this.close();
    } catch (error) {
      this.close({ error });
    }
  }
}

export function createSharedStreams<T>() {
  const topics = new Map<string, Promise<Topic<T> | { answer: unknown }>>();

  /** Joins the key's upstream, opening it with `open` when there is none; its events go to `deliver`. */
  const subscribe = async <A>(
    key: string,
    open: () => Promise<Opened<T, A>> | Opened<T, A>,
    deliver: (value: T) => void,
  ): Promise<AsyncIterableIterator<T> | A> => {
    for (;;) {
      let entry = topics.get(key);
      if (!entry) {
        const opening: Promise<Topic<T> | { answer: unknown }> = Promise.resolve()
          .then(open)
          .then((opened) => {
            if (!isAsyncIterable(opened)) {
              if (topics.get(key) === opening) topics.delete(key);
              return { answer: opened };
            }
            return new Topic<T>(opened as AsyncIterable<T>, () => {
              if (topics.get(key) === opening) topics.delete(key);
            });
          });
        opening.catch(() => {
          if (topics.get(key) === opening) topics.delete(key);
        });
        topics.set(key, (entry = opening));
      }
      const topic = await entry;
      if (!(topic instanceof Topic)) return topic.answer as A;
      const subscriber = topic.join(deliver);
      if (subscriber) return subscriber;
      if (topics.get(key) === entry) topics.delete(key);
    }
  };

  return {
    subscribe,
    /** Open upstreams and their subscribers (tests and diagnostics). */
    async stats() {
      const open = await Promise.all(topics.values());
      const live = open.filter((topic): topic is Topic<T> => topic instanceof Topic);
      return { upstreams: live.length, subscribers: live.reduce((sum, topic) => sum + topic.size, 0) };
    },
  };
}
