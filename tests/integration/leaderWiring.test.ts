/**
 * How server/app.ts wires the leader's works when `npm start` builds it (leaderWorkInBackground, server/main.ts): none
 * starts before the app listens, and each of the five starts on an event-loop turn of its own (eventLoopTurns), so
 * that a request arriving while the leader starts is answered between two works' starts. The leader module is the
 * real one: runWhileLeader is only wrapped to record, when each work's start runs, whether the app listened and how
 * many turns of the event loop had passed.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app';
import { createDatabase, type DatabaseHandle } from '../../server/db/client';
import type { SingletonWork } from '../../server/services/leader';
import { SimulatedMarket } from '../../server/services/market';
import { PATIENCE_MS, until } from '../fixtures/waiting';
import { drivers, testConfig } from './helpers';
import { pgliteTemplate } from './pgliteTemplate';
import { createScratchDatabase } from './scratchDatabase';

interface Start {
  listening: boolean;
  turn: number;
}

const observed = vi.hoisted(() => ({
  starts: [] as Start[],
  app: undefined as { server: { listening: boolean } } | undefined,
  turn: 0,
}));

vi.mock('../../server/services/leader', async (importOriginal) => {
  const leader = await importOriginal<typeof import('../../server/services/leader')>();
  return {
    ...leader,
    runWhileLeader: (...[election, work, ...rest]: Parameters<typeof leader.runWhileLeader>) => {
      const recorded: SingletonWork = {
        start: () => {
          observed.starts.push({ listening: observed.app?.server.listening ?? false, turn: observed.turn });
          return work.start();
        },
        stop: () => work.stop(),
      };
      return leader.runWhileLeader(election, recorded, ...rest);
    },
  };
});

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
      const config = testConfig(scratch ? { DATABASE_URL: scratch.url } : {});
      const database: DatabaseHandle = await createDatabase(config, console, {
        pgliteTemplate: scratch ? undefined : await pgliteTemplate(),
      });
      closing.push(() => database.close());
      const market = new SimulatedMarket({ seed: 'leader wiring', now: Date.parse('2026-11-24T15:00:00Z') });
      observed.starts = [];
      observed.app = undefined;
      observed.turn = 0;
      const app: FastifyInstance = await buildApp({ config, database, market, leaderWorkInBackground: true });
      closing.push(() => app.close());
      observed.app = app;
      // Built: ready to serve, and no leader work started yet.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(observed.starts).toEqual([]);

      // Counts the turns of the event loop (one setImmediate per turn) from the listen until the five have started.
      let counting = true;
      const count = () => {
        observed.turn += 1;
        if (counting) setImmediate(count);
      };
      setImmediate(count);
      closing.push(async () => void (counting = false));
      await app.listen({ port: 0, host: '127.0.0.1' });
      await until(() => observed.starts.length >= 5, PATIENCE_MS);
      counting = false;
      await new Promise((resolve) => setTimeout(resolve, 50));
      const starts = observed.starts;
      expect(starts).toHaveLength(5);
      expect(starts.every((start) => start.listening)).toBe(true);
      const turns = starts.map((start) => start.turn);
      expect(new Set(turns).size).toBe(turns.length);
      expect(turns).toEqual([...turns].sort((a, b) => a - b));
    },
    2 * PATIENCE_MS,
  );
});
