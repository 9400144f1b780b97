/**
 * Leader election on PostgreSQL (issue 12 point 7): two electors on one database, as two server processes would
 * be. Exactly one leads and runs the singleton work; when its connection is terminated (pg_terminate_backend)
 * or it stops, the other takes over within a few seconds. The takeover times are printed.
 */
import { randomInt } from 'node:crypto';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { PATIENCE_MS, until } from '../fixtures/waiting';
import {
  createAdvisoryLockElection,
  LEADER_RETRY_MS,
  runWhileLeader,
  type LeaderElection,
} from '../../server/services/leader';

const adminUrl = process.env.TEST_DATABASE_URL;
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** Waits until `condition` holds, at most PATIENCE_MS (a takeover is slow on a loaded machine); the time it took. */
const waitFor = (condition: () => boolean) => until(condition, PATIENCE_MS);

async function query<T extends pg.QueryResultRow>(statement: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return (await client.query<T>(statement, values)).rows;
  } finally {
    await client.end();
  }
}

describe.skipIf(!adminUrl)('leader election (PostgreSQL advisory lock)', () => {
  const started: { stop(): Promise<void> }[] = [];
  afterEach(async () => {
    for (const stoppable of started.splice(0)) await stoppable.stop();
  });

  /** Two electors on one lock key of their own (tests in parallel never share one), each running counted work. */
  async function twoElectors() {
    const lockKey = [0x7074, randomInt(1_000, 2 ** 31 - 1)] as const;
    const electors = [0, 1].map(() => {
      const election = createAdvisoryLockElection({ connectionString: adminUrl ?? '', log: silent, lockKey });
      const work = { running: false, starts: 0 };
      const runner = runWhileLeader(
        election,
        {
          start: async () => {
            work.running = true;
            work.starts += 1;
          },
          stop: async () => {
            work.running = false;
          },
        },
        silent,
      );
      started.push(runner, election);
      return { election, work, runner };
    });
    await Promise.all(electors.map(({ election }) => election.start()));
    await Promise.all(electors.map(({ runner }) => runner.settled()));
    return { lockKey, electors };
  }

  /** The backend holding the advisory lock `lockKey`. */
  const lockHolder = async (lockKey: readonly [number, number]) =>
    (
      await query<{ pid: number }>(
        "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND classid = $1 AND objid = $2 AND granted",
        [...lockKey],
      )
    )[0];

  const leaders = <T extends { election: LeaderElection }>(electors: T[]) =>
    electors.filter((e) => e.election.isLeader());

  it('exactly one of two leads; the other takes over when the leader’s connection is terminated', async () => {
    const { lockKey, electors } = await twoElectors();
    expect(leaders(electors)).toHaveLength(1);
    expect(electors.filter((e) => e.work.running)).toHaveLength(1);
    const leader = leaders(electors)[0]!;
    const follower = electors.find((e) => e !== leader)!;

    const holder = await lockHolder(lockKey);
    expect(holder).toBeDefined();
    const terminated = performance.now();
    await query('SELECT pg_terminate_backend($1)', [holder!.pid]);
    const noticed = await waitFor(() => !leader.election.isLeader());
    await waitFor(() => follower.election.isLeader());
    const tookOver = performance.now() - terminated;
    console.log(
      `connection terminated: the old leader noticed in ${noticed.toFixed(0)} ms, the other took over in ` +
        `${tookOver.toFixed(0)} ms (attempts every ${LEADER_RETRY_MS} ms)`,
    );
    await waitFor(() => follower.work.running && !leader.work.running);
    // The old leader reconnects as a follower: still exactly one leader.
    await new Promise((resolve) => setTimeout(resolve, LEADER_RETRY_MS + 500));
    expect(leaders(electors)).toEqual([follower]);
    expect(leader.work.running).toBe(false);
  }, 150_000);

  it('the other takes over when the leader stops', async () => {
    const { electors } = await twoElectors();
    const leader = leaders(electors)[0]!;
    const follower = electors.find((e) => e !== leader)!;
    const stopping = performance.now();
    await leader.runner.stop();
    await leader.election.stop();
    expect(leader.work.running).toBe(false);
    await waitFor(() => follower.election.isLeader() && follower.work.running);
    console.log(`leader stopped: the other took over in ${(performance.now() - stopping).toFixed(0)} ms`);
    expect(follower.work.starts).toBe(1);
  }, 150_000);

  it('a leader that lost its connection stands down for a round before it tries again, then leads again alone', async () => {
    const retryMs = 500;
    const lockKey = [0x7074, randomInt(1_000, 2 ** 31 - 1)] as const;
    const election = createAdvisoryLockElection({ connectionString: adminUrl ?? '', log: silent, lockKey, retryMs });
    started.push(election);
    await election.start();
    expect(election.isLeader()).toBe(true);
    const holder = await lockHolder(lockKey);
    await query('SELECT pg_terminate_backend($1)', [holder!.pid]);
    await waitFor(() => !election.isLeader());
    const lost = performance.now();
    // Its attempts come every retryMs; without standing down the next one (within retryMs) took the lock back.
    await waitFor(() => election.isLeader());
    expect(performance.now() - lost).toBeGreaterThanOrEqual(retryMs);
  }, 150_000);
});
