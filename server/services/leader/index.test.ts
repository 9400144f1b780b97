import { createServer, connect, type AddressInfo, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { alwaysLeader, eventLoopTurns, runWhileLeader } from '.';

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

describe('eventLoopTurns', () => {
  it('lets input that arrives while the works start be read between two works, not after all of them', async () => {
    const server = createServer();
    const accepted = new Promise<Socket>((resolve) => server.once('connection', resolve));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const client = connect((server.address() as AddressInfo).port, '127.0.0.1');
    await new Promise((resolve) => client.once('connect', resolve));
    const socket = await accepted;
    const events: string[] = [];
    socket.on('data', () => events.push('request read'));
    const busy = (ms: number) => {
      const until = performance.now() + ms;
      while (performance.now() < until); // a start whose queries all run on this thread (PGlite)
    };
    const election = alwaysLeader();
    const turn = eventLoopTurns();
    const works = ['first', 'second', 'third'].map((name) =>
      runWhileLeader(
        election,
        {
          start: async () => {
            events.push(`${name} started`);
            busy(20);
          },
          stop: async () => undefined,
        },
        silent,
        turn,
      ),
    );
    void election.start();
    client.write('GET /api/health'); // in the kernel's buffer at once: readable from the next poll of the event loop
    await Promise.all(works.map((work) => work.settled()));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(events.indexOf('request read')).toBeGreaterThan(-1);
    expect(events.indexOf('request read')).toBeLessThan(events.indexOf('third started'));
    client.destroy();
    socket.destroy();
    await new Promise((resolve) => server.close(resolve));
    await Promise.all(works.map((work) => work.stop()));
  });
});
