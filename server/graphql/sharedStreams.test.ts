import { Repeater } from 'graphql-yoga';
import { describe, expect, it } from 'vitest';
import { createSharedStreams } from './sharedStreams';

/** An upstream the test pushes into, counting how often it was opened and closed. */
function upstreams() {
  const opened: { push: (value: object) => Promise<unknown>; stop: (error?: unknown) => void }[] = [];
  let closed = 0;
  const open = () =>
    new Repeater<object>(async (push, stop) => {
      opened.push({ push, stop });
      await stop;
      closed += 1;
    });
  return { open, opened, closed: () => closed };
}

/** A subscriber's deliveries, and its `deliver`. */
function receiver() {
  const received: object[] = [];
  return { received, deliver: (event: object) => void received.push(event) };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('createSharedStreams', () => {
  it('opens one upstream per key and hands each event, the same object, to every subscriber', async () => {
    const streams = createSharedStreams<object>();
    const source = upstreams();
    const [a, b] = [receiver(), receiver()];
    await Promise.all([streams.subscribe('k', source.open, a.deliver), streams.subscribe('k', source.open, b.deliver)]);
    await flush();
    expect(source.opened).toHaveLength(1);
    const event = { n: 1 };
    await source.opened[0]!.push(event);
    await flush();
    expect(a.received).toHaveLength(1);
    expect(a.received[0]).toBe(event);
    expect(b.received[0]).toBe(event);
    expect(await streams.stats()).toEqual({ upstreams: 1, subscribers: 2 });
  });

  it('keeps the upstream while one subscriber remains, closes it with the last, and opens a new one after', async () => {
    const streams = createSharedStreams<object>();
    const source = upstreams();
    const [first, second, third] = [receiver(), receiver(), receiver()];
    const a = (await streams.subscribe('k', source.open, first.deliver)) as AsyncIterableIterator<object>;
    const b = (await streams.subscribe('k', source.open, second.deliver)) as AsyncIterableIterator<object>;
    await flush();
    await a.return!();
    await source.opened[0]!.push({ n: 1 });
    await flush();
    expect(first.received).toEqual([]);
    expect(second.received).toEqual([{ n: 1 }]);
    await b.return!();
    await flush();
    expect(source.closed()).toBe(1);
    expect(await streams.stats()).toEqual({ upstreams: 0, subscribers: 0 });
    await streams.subscribe('k', source.open, third.deliver);
    await flush();
    expect(source.opened).toHaveLength(2);
    await source.opened[1]!.push({ n: 2 });
    await flush();
    expect(third.received).toEqual([{ n: 2 }]);
  });

  it('hands an immediate answer (errors) to every waiting subscriber and keeps nothing', async () => {
    const streams = createSharedStreams<object>();
    let opens = 0;
    const answer = { errors: ['bad symbol'] };
    const open = async () => {
      opens += 1;
      return answer;
    };
    const { deliver } = receiver();
    const results = await Promise.all([streams.subscribe('k', open, deliver), streams.subscribe('k', open, deliver)]);
    expect(results).toEqual([answer, answer]);
    expect(opens).toBe(1);
    await streams.subscribe('k', open, deliver);
    expect(opens).toBe(2);
  });

  it('delivers each event the upstream produces, the iterator settling only with the end', async () => {
    const streams = createSharedStreams<object>();
    const source = upstreams();
    const { received, deliver } = receiver();
    const direct = (await streams.subscribe('k', source.open, deliver)) as AsyncIterator<object>;
    await flush();
    let settled = false;
    const ending = direct.next().then((result) => ((settled = true), result));
    for (let n = 1; n <= 3; n++) await source.opened[0]!.push({ n });
    await flush();
    expect(received).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(settled).toBe(false);
    source.opened[0]!.stop();
    expect(await ending).toEqual({ value: undefined, done: true });
  });

  it('ends every subscriber when the upstream ends, and fails them when it fails', async () => {
    const streams = createSharedStreams<object>();
    const source = upstreams();
    const { deliver } = receiver();
    const a = (await streams.subscribe('done', source.open, deliver)) as AsyncIterableIterator<object>;
    const b = (await streams.subscribe('fails', source.open, deliver)) as AsyncIterableIterator<object>;
    await flush();
    source.opened[0]!.stop();
    source.opened[1]!.stop(new Error('provider down'));
    expect(await a.next()).toEqual({ value: undefined, done: true });
    await expect(b.next()).rejects.toThrow('provider down');
    expect(await streams.stats()).toEqual({ upstreams: 0, subscribers: 0 });
  });

  it('fails a subscriber whose delivery throws, and only that one', async () => {
    const streams = createSharedStreams<object>();
    const source = upstreams();
    const failing = (await streams.subscribe('k', source.open, () => {
      throw new Error('socket gone');
    })) as AsyncIterator<object>;
    const { received, deliver } = receiver();
    await streams.subscribe('k', source.open, deliver);
    await flush();
    await source.opened[0]!.push({ n: 1 });
    await expect(failing.next()).rejects.toThrow('socket gone');
    await source.opened[0]!.push({ n: 2 });
    await flush();
    expect(received).toEqual([{ n: 1 }, { n: 2 }]);
    expect(await streams.stats()).toEqual({ upstreams: 1, subscribers: 1 });
  });
});
