import { describe, expect, it } from 'vitest';
import { TtlCache } from './cache';

function cache(maxEntries = 10) {
  let clock = 1_000;
  const instance = new TtlCache<string, { v: number }>({ ttlMs: 100, maxEntries, now: () => clock });
  return { instance, advance: (ms: number) => (clock += ms) };
}

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

describe('TtlCache', () => {
  it('keeps an entry for ttlMs of its clock, and none after the clock goes back', () => {
    const { instance, advance } = cache();
    instance.set('a', { v: 1 });
    advance(99);
    expect(instance.get('a')).toEqual({ v: 1 });
    advance(1);
    expect(instance.get('a')).toBeUndefined();
    instance.set('b', { v: 2 });
    advance(-1);
    expect(instance.get('b')).toBeUndefined();
  });

  it('drops the least recently used entry beyond maxEntries', () => {
    const { instance } = cache(2);
    instance.set('a', { v: 1 });
    instance.set('b', { v: 2 });
    instance.get('a');
    instance.set('c', { v: 3 });
    expect(instance.get('b')).toBeUndefined();
    expect(instance.get('a')).toEqual({ v: 1 });
    expect(instance.size).toBe(2);
  });

  it('shares one load among concurrent callers and caches its answer, but not null', async () => {
    const { instance } = cache();
    let calls = 0;
    const gate = deferred<{ v: number }>();
    const loader = () => {
      calls++;
      return gate.promise;
    };
    const first = instance.load('a', loader);
    const second = instance.load('a', loader);
    gate.resolve({ v: 7 });
    expect(await first).toEqual({ v: 7 });
    expect(await second).toEqual({ v: 7 });
    expect(calls).toBe(1);
    expect(await instance.load('a', loader)).toEqual({ v: 7 });
    expect(calls).toBe(1);
    expect(await instance.load('n', () => Promise.resolve(null))).toBeNull();
    expect(instance.get('n')).toBeUndefined();
  });

  it('keeps the answer of a load that a delete overtook out of the cache', async () => {
    const { instance } = cache();
    const stale = deferred<{ v: number }>();
    const loading = instance.load('a', () => stale.promise);
    instance.delete('a');
    const fresh = instance.load('a', () => Promise.resolve({ v: 2 }));
    stale.resolve({ v: 1 });
    expect(await loading).toEqual({ v: 1 });
    expect(await fresh).toEqual({ v: 2 });
    expect(instance.get('a')).toEqual({ v: 2 });
  });

  it('deleteWhere forgets the matching entries only, and keeps the loads under way out of the cache', async () => {
    const { instance } = cache();
    instance.set('a', { v: 1 });
    instance.set('b', { v: 2 });
    instance.set('c', { v: 3 });
    const pending = deferred<{ v: number }>();
    const loading = instance.load('d', () => pending.promise);
    instance.deleteWhere((value, key) => value.v === 2 || key === 'c');
    expect([instance.get('a'), instance.get('b'), instance.get('c')]).toEqual([{ v: 1 }, undefined, undefined]);
    expect(instance.size).toBe(1);
    pending.resolve({ v: 4 });
    expect(await loading).toEqual({ v: 4 });
    expect(instance.get('d')).toBeUndefined();
    expect(await instance.load('d', () => Promise.resolve({ v: 5 }))).toEqual({ v: 5 });
    expect(instance.get('d')).toEqual({ v: 5 });
  });
});
