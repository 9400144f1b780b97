import { describe, expect, it } from 'vitest';
import { createSerialQueue } from './serialQueue';

describe('createSerialQueue', () => {
  it('runs jobs one at a time in order, reports a failure and goes on, and idles after jobs queued meanwhile', async () => {
    const errors: unknown[] = [];
    const queue = createSerialQueue((error) => errors.push(error));
    const ran: string[] = [];
    let running = 0;
    const job = (name: string) => async () => {
      running++;
      expect(running).toBe(1);
      await Promise.resolve();
      ran.push(name);
      running--;
    };
    queue.enqueue(job('a'));
    queue.enqueue(async () => {
      throw new Error('b failed');
    });
    queue.enqueue(async () => {
      await job('c')();
      queue.enqueue(job('d'));
    });
    await queue.idle();
    expect(ran).toEqual(['a', 'c', 'd']);
    expect(errors).toEqual([new Error('b failed')]);
  });
});
