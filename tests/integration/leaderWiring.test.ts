/**
 * How server/app.ts wires the leader's works when `npm start` builds it (leaderWorkInBackground, server/main.ts): none
 * starts before the app listens, and each of the five starts on an event-loop turn of its own (eventLoopTurns), the
 * first on a turn after the one the listen resolved on, so that a request arriving while the leader starts is
 * answered between two works' starts. Observed through the app's own log (runWhileLeader logs `leader work
 * starting` at debug level just before each start, written synchronously to the log stream): no module is mocked,
 * so the test holds in the integration project's shared workers.
 */
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { createDatabase, type DatabaseHandle } from '../../server/db/client';
import { SimulatedMarket } from '../../server/services/market';
import { PATIENCE_MS, until } from '../fixtures/waiting';
import { drivers, testConfig } from './helpers';
import { pgliteTemplate } from './pgliteTemplate';
import { createScratchDatabase } from './scratchDatabase';

const WORKS = ['singletons', 'daily equity', 'scans', 'report deliveries', 'news streams'];

interface Start {
  work: string;
  listening: boolean;
  turn: number;
}

describe.each(drivers)('leader works after listen, one per event-loop turn (%s)', (driver) => {
  const closing: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closing.splice(0).reverse()) await close();
  });

  it(
    'starts none before the app listens, then the five each on a turn of the event loop of its own',
    async () => {
      const scratch =
        driver === 'postgres' ? await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'test') : null;
      if (scratch) closing.push(() => scratch.drop());
      const config = testConfig({ LOG_LEVEL: 'debug', ...(scratch ? { DATABASE_URL: scratch.url } : {}) });
      const database: DatabaseHandle = await createDatabase(config, console, {
        pgliteTemplate: scratch ? undefined : await pgliteTemplate(),
      });
      closing.push(() => database.close());
      const market = new SimulatedMarket({ seed: 'leader wiring', now: Date.parse('2026-11-24T15:00:00Z') });

      const starts: Start[] = [];
      /** The app once built (the log is written to while it is built too). */
      const built: { app?: FastifyInstance } = {};
      let turn = 0;
      const logStream = new Writable({
        write(chunk: Buffer, _encoding, callback) {
          for (const line of chunk.toString().split('\n')) {
            if (!line.includes('leader work starting')) continue;
            const { work } = JSON.parse(line) as { work: string };
            starts.push({ work, listening: built.app?.server.listening ?? false, turn });
          }
          callback();
        },
      });
      const app = await buildApp({ config, database, market, leaderWorkInBackground: true, logStream });
      built.app = app;
      closing.push(() => app.close());
      // Built: ready to serve, and no leader work started yet.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(starts).toEqual([]);

      // Counts the turns of the event loop (one setImmediate per turn) from the listen until the five have started.
      let counting = true;
      const count = () => {
        turn += 1;
        if (counting) setImmediate(count);
      };
      setImmediate(count);
      closing.push(async () => void (counting = false));
      await app.listen({ port: 0, host: '127.0.0.1' });
      // The turn the listen resolved on (its onListen hook ran on it): the first work starts on a later one.
      const listened = turn;
      await until(() => starts.length >= WORKS.length, PATIENCE_MS);
      counting = false;
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(starts.map((start) => start.work)).toEqual(WORKS);
      expect(starts.every((start) => start.listening)).toBe(true);
      const turns = starts.map((start) => start.turn);
      expect(new Set(turns).size).toBe(turns.length);
      expect(turns).toEqual([...turns].sort((a, b) => a - b));
      expect(starts[0]!.turn).toBeGreaterThan(listened);
    },
    2 * PATIENCE_MS,
  );
});
