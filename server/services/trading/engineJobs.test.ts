import { describe, expect, it } from 'vitest';
import { createEngineJobs } from './engineJobs';

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('createEngineJobs', () => {
  it('runs jobs side by side, each failure rejecting only its own job', async () => {
    const jobs = createEngineJobs(() => undefined);
    const log: string[] = [];
    const job = (name: string, ms: number) => async () => {
      log.push(`start ${name}`);
      await later(ms);
      log.push(`end ${name}`);
      return name;
    };
    const a = jobs.run(job('a', 20));
    const b = jobs.run(async () => {
      log.push('b fails');
      throw new Error('b');
    });
    const c = jobs.run(job('c', 1));
    await expect(a).resolves.toBe('a');
    await expect(b).rejects.toThrow('b');
    await expect(c).resolves.toBe('c');
    expect(log).toEqual(['start a', 'b fails', 'start c', 'end c', 'end a']);
  });

  it('lets a barrier wait for the jobs running at the call, and idle for jobs started meanwhile', async () => {
    const jobs = createEngineJobs(() => undefined);
    const done: string[] = [];
    void jobs.run(async () => {
      await later(10);
      done.push('first');
      void jobs.run(async () => {
        await later(10);
        done.push('started by first');
      });
    });
    await jobs.barrier('a');
    expect(done).toEqual(['first']);
    await jobs.idle();
    expect(done).toEqual(['first', 'started by first']);
  });

  it("lets an account's barrier wait for its own jobs and every account's, not for another account's", async () => {
    const jobs = createEngineJobs(() => undefined);
    const done: string[] = [];
    const job = (name: string, ms: number) => async () => {
      await later(ms);
      done.push(name);
    };
    void jobs.run(job('b places', 60), 'b');
    void jobs.run(job('a places', 10), 'a');
    jobs.coalesce('match X', 1, job('quote matched', 20));
    await jobs.barrier('a');
    expect(done).toEqual(['a places', 'quote matched']);
    await jobs.barrier('b');
    expect(done).toEqual(['a places', 'quote matched', 'b places']);
  });

  it('runs the jobs of one key one at a time, with only the newest value that arrived meanwhile, past failures', async () => {
    const errors: unknown[] = [];
    const jobs = createEngineJobs((error) => errors.push(error));
    const seen: string[] = [];
    const match = async (key: string, value: number) => {
      seen.push(`${key}${value}`);
      await later(5);
      if (value === 4) throw new Error('tick 4');
    };
    jobs.coalesce('A', 1, match);
    jobs.coalesce('B', 1, match);
    jobs.coalesce('A', 2, match);
    jobs.coalesce('A', 3, match);
    await jobs.idle();
    jobs.coalesce('A', 4, match);
    jobs.coalesce('A', 5, match);
    await jobs.idle();
    jobs.coalesce('A', 6, match);
    await jobs.idle();
    expect(seen).toEqual(['A1', 'B1', 'A3', 'A4', 'A5', 'A6']);
    expect(errors).toHaveLength(1);
  });
});
