/**
 * Web Push with two server processes on one PostgreSQL and one Redis (issue 16 point 4): every process receives
 * every order event through Redis, but only the process that produced a fill sends its push message. Orders filled
 * through A and through B each reach the device exactly once, whichever server the device subscribed through.
 */
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisSkipReason, startRedisServer, type RedisTestServer } from '../fixtures/redisServer';
import { startPushService, type PushServiceFixture } from '../fixtures/pushService';
import { gql, placeOrder, startPaperServer, type PaperServer } from './paperServers';
import { createScratchDatabase } from './scratchDatabase';

const adminUrl = process.env.TEST_DATABASE_URL;
const skipReason = adminUrl ? redisSkipReason() : 'TEST_DATABASE_URL is not set';

describe.skipIf(skipReason !== undefined)('push messages across two servers (PostgreSQL, Redis)', () => {
  let redis: RedisTestServer;
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let pushService: PushServiceFixture;
  let a: PaperServer;
  let b: PaperServer;

  beforeAll(async () => {
    [redis, pushService] = await Promise.all([startRedisServer(), startPushService()]);
    scratch = await createScratchDatabase(adminUrl!, 'push_two');
    const keys = webpush.generateVAPIDKeys();
    const env = {
      DATABASE_URL: scratch.url,
      REDIS_URL: redis.url,
      MARKET_SEED: 'push-two',
      // the local push service is plain http on 127.0.0.1, refused in production
      NODE_ENV: 'test',
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
    };
    b = await startPaperServer(env);
    a = await startPaperServer(env);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([a?.kill('SIGKILL'), b?.kill('SIGKILL')]);
    await scratch?.drop();
    await redis?.stop();
    await pushService?.close();
    expect(pushService.failures).toEqual([]);
  });

  it('sends each fill once, from the server that filled it', async () => {
    const sub = pushService.subscription();
    const subscribed = await gql(
      a.address,
      'mutation S($endpoint: String!, $p256dh: String!, $auth: String!) { subscribePush(endpoint: $endpoint, p256dh: $p256dh, auth: $auth) { endpoint } }',
      { endpoint: sub.endpoint, p256dh: sub.p256dh, auth: sub.auth },
    );
    expect(subscribed.errors).toBeUndefined();
    const tags: string[] = [];
    for (const server of [b, a, b]) {
      const next = sub.next();
      const placed = await placeOrder(server.address, { symbol: 'KO', side: 'BUY', type: 'MARKET', quantity: 1 });
      expect(placed.data?.placeOrder.status).toBe('FILLED');
      tags.push(`order:${placed.data!.placeOrder.id}`);
      expect(await next).toMatchObject({ payload: { tag: tags.at(-1), kind: 'fill' } });
    }
    // A second sender would have sent each fill again meanwhile: three fills, three messages, in order.
    expect(sub.messages.map((message) => (message.payload as { tag: string }).tag)).toEqual(tags);
  });
});
