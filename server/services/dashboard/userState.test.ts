import { describe, expect, it } from 'vitest';
import { createEventBus } from '../../events';
import { createUserStateCache } from './userState';

/** A turn of the event loop: the cache's listeners take each event in a microtask of their own. */
const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('the dashboard per-user state cache', () => {
  const setup = () => {
    const events = createEventBus();
    const loads: string[] = [];
    const cache = createUserStateCache({
      load: async (userId) => {
        loads.push(userId);
        return loads.length;
      },
      events,
      now: () => 0,
    });
    return { events, loads, cache };
  };

  it('reads a user once per snapshot, again for the next snapshot, and apart for each user', async () => {
    const { loads, cache } = setup();
    expect(await cache.get('u1', 1)).toBe(1);
    expect(await cache.get('u1', 1)).toBe(1);
    expect(await cache.get('u2', 1)).toBe(2);
    expect(await cache.get('u1', 2)).toBe(3);
    expect(loads).toEqual(['u1', 'u2', 'u1']);
    cache.close();
  });

  it.each([
    ['orderUpdated', {}],
    ['tradeExecuted', {}],
    ['preferencesUpdated', {}],
    ['opportunityAlert', {}],
    ['opportunitiesRead', 1],
  ] as const)('reads the user again within the snapshot after %s, and only that user', async (event, payload) => {
    const { events, loads, cache } = setup();
    await cache.get('u1', 1);
    await cache.get('u2', 1);
    (events.publish as (name: string, userId: string, payload: unknown) => void)(event, 'u1', payload);
    await settled();
    expect(await cache.get('u1', 1)).toBe(3);
    expect(await cache.get('u2', 1)).toBe(2);
    expect(loads).toEqual(['u1', 'u2', 'u1']);
    cache.close();
  });

  it('reads the user again after forget (a trading mode change)', async () => {
    const { cache } = setup();
    await cache.get('u1', 1);
    cache.forget('u1');
    expect(await cache.get('u1', 1)).toBe(2);
    cache.close();
  });
});
