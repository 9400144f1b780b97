import { describe, expect, it } from 'vitest';
import { alwaysLeader, runWhileLeader } from '.';

const silent = { error: () => undefined };

describe('alwaysLeader (PGlite: one process)', () => {
  it('leads from start() until stop(), telling its listeners', async () => {
    const election = alwaysLeader();
    const seen: boolean[] = [];
    election.onChange((leader) => seen.push(leader));
    expect(election.isLeader()).toBe(false);
    await election.start();
    expect(election.isLeader()).toBe(true);
    await election.stop();
    expect(seen).toEqual([true, false]);
  });
});

describe('runWhileLeader', () => {
  it('starts the work on leadership and stops it on loss, one transition at a time', async () => {
    const election = alwaysLeader();
    const log: string[] = [];
    const runner = runWhileLeader(
      election,
      {
        start: async () => {
          log.push('start…');
          await new Promise((resolve) => setTimeout(resolve, 20));
          log.push('started');
        },
        stop: async () => void log.push('stopped'),
      },
      silent,
    );
    await runner.settled();
    expect(log).toEqual([]);
    void election.start();
    void election.stop();
    void election.start();
    await runner.settled();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(log).toEqual(['start…', 'started', 'stopped', 'start…', 'started']);
    await runner.stop();
    expect(log.at(-1)).toBe('stopped');
  });

  it('logs a failed start and stops cleanly afterwards', async () => {
    const election = alwaysLeader();
    await election.start();
    const errors: string[] = [];
    const runner = runWhileLeader(
      election,
      { start: () => Promise.reject(new Error('boom')), stop: async () => undefined },
      { error: (_object, message) => errors.push(message) },
    );
    await runner.settled();
    expect(errors).toEqual(['starting the singleton work failed']);
    await runner.stop();
  });
});
