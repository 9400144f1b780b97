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

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('createSharedStreams', () => {
  it('opens one upstream per key and hands each event, the same object, to every subscriber', async () => {
    const streams = createSharedStreams<object>(8);
    const source = upstreams();
    const [a, b] = (await Promise.all([streams.subscribe('k', source.open), streams.subscribe('k', source.open)])) as [
      AsyncIterableIterator<object>,
      AsyncIterableIterator<object>,
    ];
    await flush();
    expect(source.opened).toHaveLength(1);
    const event = { n: 1 };
    await source.opened[0]!.push(event);
    expect((await a.next()).value).toBe(event);
    expect((await b.next()).value).toBe(event);
    expect(await streams.stats()).toEqual({ upstreams: 1, subscribers: 2 });
  });

  it('keeps the upstream while one subscriber remains, closes it with the last, and opens a new one after', async () => {
    const streams = createSharedStreams<object>(8);
    const source = upstreams();
    const a = (await streams.subscribe('k', source.open)) as AsyncIterableIterator<object>;
    const b = (await streams.subscribe('k', source.open)) as AsyncIterableIterator<object>;
    await flush();
    await a.return!();
    await source.opened[0]!.push({ n: 1 });
    expect(await b.next()).toEqual({ value: { n: 1 }, done: false });
    await b.return!();
    await flush();
    expect(source.closed()).toBe(1);
    expect(await streams.stats()).toEqual({ upstreams: 0, subscribers: 0 });
    const c = (await streams.subscribe('k', source.open)) as AsyncIterableIterator<object>;
    await flush();
    expect(source.opened).toHaveLength(2);
    await source.opened[1]!.push({ n: 2 });
    expect((await c.next()).value).toEqual({ n: 2 });
  });

  it('hands an immediate answer (errors) to every waiting subscriber and keeps nothing', async () => {
    const streams = createSharedStreams<object>(8);
    let opens = 0;
    const answer = { errors: ['bad symbol'] };
    const open = async () => {
      opens += 1;
      return answer;
    };
    const results = await Promise.all([streams.subscribe('k', open), streams.subscribe('k', open)]);
    expect(results).toEqual([answer, answer]);
    expect(opens).toBe(1);
    await streams.subscribe('k', open);
    expect(opens).toBe(2);
  });

  it('drops a slow subscriber’s oldest events beyond the buffer, without holding up the others', async () => {
    const streams = createSharedStreams<object>(2);
    const source = upstreams();
    const slow = (await streams.subscribe('k', source.open)) as AsyncIterableIterator<object>;
    const fast = (await streams.subscribe('k', source.open)) as AsyncIterableIterator<object>;
    await flush();
    const received: object[] = [];
    void (async () => {
      for await (const event of fast) received.push(event);
    })();
    for (let n = 1; n <= 4; n++) await source.opened[0]!.push({ n });
    await flush();
    expect(received).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }, { n: 4 }]);
    expect((await slow.next()).value).toEqual({ n: 3 });
    expect((await slow.next()).value).toEqual({ n: 4 });
  });

  it('ends every subscriber when the upstream ends, and fails them when it fails', async () => {
    const streams = createSharedStreams<object>(8);
    const source = upstreams();
    const a = (await streams.subscribe('done', source.open)) as AsyncIterableIterator<object>;
    const b = (await streams.subscribe('fails', source.open)) as AsyncIterableIterator<object>;
    await flush();
    source.opened[0]!.stop();
    source.opened[1]!.stop(new Error('provider down'));
    expect(await a.next()).toEqual({ value: undefined, done: true });
    await expect(b.next()).rejects.toThrow('provider down');
    expect(await streams.stats()).toEqual({ upstreams: 0, subscribers: 0 });
  });

  it('serves a subscriber with `deliver` synchronously, its iterator settling only with the end', async () => {
    const streams = createSharedStreams<object>(8);
    const source = upstreams();
    const delivered: object[] = [];
    const direct = (await streams.subscribe('k', source.open, (event) =>
      delivered.push(event),
    )) as AsyncIterator<object>;
    const queued = (await streams.subscribe('k', source.open)) as AsyncIterator<object>;
    await flush();
    let settled = false;
    const ending = direct.next().then((result) => ((settled = true), result));
    for (let n = 1; n <= 3; n++) await source.opened[0]!.push({ n });
    await flush();
    expect(delivered).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect((await queued.next()).value).toEqual({ n: 1 });
    expect(settled).toBe(false);
    source.opened[0]!.stop();
    expect(await ending).toEqual({ value: undefined, done: true });
  });

  it('fails a `deliver` subscriber whose delivery throws, and only that one', async () => {
    const streams = createSharedStreams<object>(8);
    const source = upstreams();
    const failing = (await streams.subscribe('k', source.open, () => {
      throw new Error('socket gone');
    })) as AsyncIterator<object>;
    const delivered: object[] = [];
    await streams.subscribe('k', source.open, (event) => delivered.push(event));
    await flush();
    await source.opened[0]!.push({ n: 1 });
    await expect(failing.next()).rejects.toThrow('socket gone');
    await source.opened[0]!.push({ n: 2 });
    await flush();
    expect(delivered).toEqual([{ n: 1 }, { n: 2 }]);
    expect(await streams.stats()).toEqual({ upstreams: 1, subscribers: 1 });
  });
});
