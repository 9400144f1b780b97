import { describe, expect, it } from 'vitest';
import { createSerialQueue } from './engineQueue';

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('createSerialQueue', () => {
  it('runs jobs one at a time in the order queued, each failure rejecting only its own job', async () => {
    const queue = createSerialQueue();
    const log: string[] = [];
    const job = (name: string, ms: number) => async () => {
      log.push(`start ${name}`);
      await later(ms);
      log.push(`end ${name}`);
      return name;
    };
    const a = queue.run(job('a', 20));
    const b = queue.run(async () => {
      log.push('b fails');
      throw new Error('b');
    });
    const c = queue.run(job('c', 1));
    await expect(a).resolves.toBe('a');
    await expect(b).rejects.toThrow('b');
    await expect(c).resolves.toBe('c');
    expect(log).toEqual(['start a', 'end a', 'b fails', 'start c', 'end c']);
  });

  it('lets a barrier wait for the jobs queued before it, and idle for jobs queued meanwhile', async () => {
    const queue = createSerialQueue();
    const done: string[] = [];
    void queue.run(async () => {
      await later(10);
      done.push('first');
      void queue.run(async () => {
        await later(10);
        done.push('queued by first');
      });
    });
    await queue.barrier();
    expect(done).toEqual(['first']);
    await queue.idle();
    expect(done).toEqual(['first', 'queued by first']);
  });
});
