import { describe, expect, it } from 'vitest';
import { createAccountTurns } from './accountLocks';

/** A piece of work that runs until released, recording when it starts and ends. */
function held(log: string[], name: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const work = async () => {
    log.push(`${name} start`);
    await released;
    log.push(`${name} end`);
    return name;
  };
  return { work, release };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('account turns', () => {
  it("runs one account's work one at a time in arrival order, and other accounts' work meanwhile", async () => {
    const take = createAccountTurns();
    const log: string[] = [];
    const a1 = held(log, 'a1');
    const a2 = held(log, 'a2');
    const b1 = held(log, 'b1');
    const runs = [take([1], a1.work), take([1], a2.work), take([2], b1.work)];
    await settle();
    expect(log).toEqual(['a1 start', 'b1 start']);
    b1.release();
    await settle();
    expect(log).toEqual(['a1 start', 'b1 start', 'b1 end']);
    a1.release();
    await settle();
    expect(log.slice(3)).toEqual(['a1 end', 'a2 start']);
    a2.release();
    expect(await Promise.all(runs)).toEqual(['a1', 'a2', 'b1']);
  });

  it('passes the turn on when work fails', async () => {
    const take = createAccountTurns();
    const failing = take([7], () => Promise.reject(new Error('refused')));
    const next = take([7], () => Promise.resolve('ran'));
    await expect(failing).rejects.toThrow('refused');
    expect(await next).toBe('ran');
  });

  it('waits for every earlier holder of any of its keys, so work on several accounts cannot deadlock', async () => {
    const take = createAccountTurns();
    const log: string[] = [];
    const a = held(log, 'a');
    const b = held(log, 'b');
    const ab = held(log, 'ab');
    const runs = [take([1], a.work), take([2], b.work), take([1, 2], ab.work), take([2], () => Promise.resolve('b2'))];
    await settle();
    expect(log).toEqual(['a start', 'b start']);
    a.release();
    await settle();
    expect(log).toEqual(['a start', 'b start', 'a end']);
    b.release();
    await settle();
    expect(log.slice(3)).toEqual(['b end', 'ab start']);
    ab.release();
    expect(await Promise.all(runs)).toEqual(['a', 'b', 'ab', 'b2']);
  });
});
