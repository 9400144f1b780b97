import { describe, expect, it } from 'vitest';
import { queryWorkerVersion, versionFromReply, type MessageTarget } from './workerVersion';

/** A worker that answers GET_VERSION on the transferred port, like sw/sw.ts. */
function fakeWorker(reply: unknown): MessageTarget & { received: unknown[] } {
  const received: unknown[] = [];
  return {
    received,
    postMessage(message, transfer) {
      received.push(message);
      const port = transfer[0] as MessagePort;
      port.postMessage(reply);
      port.close();
    },
  };
}

describe('queryWorkerVersion', () => {
  it('sends GET_VERSION and resolves with the version of the VERSION reply', async () => {
    const worker = fakeWorker({ type: 'VERSION', version: '1.2.3+202611230200' });
    await expect(queryWorkerVersion(worker)).resolves.toBe('1.2.3+202611230200');
    expect(worker.received).toEqual([{ type: 'GET_VERSION' }]);
  });

  it('resolves null when the worker never answers', async () => {
    const silent: MessageTarget = { postMessage: () => undefined };
    await expect(queryWorkerVersion(silent, 20)).resolves.toBeNull();
  });

  it('resolves null for a reply of another type', async () => {
    await expect(queryWorkerVersion(fakeWorker({ type: 'OTHER', version: 'x' }))).resolves.toBeNull();
  });
});

describe('versionFromReply', () => {
  it.each([null, 'VERSION', { type: 'VERSION' }, { type: 'VERSION', version: '' }, { type: 'VERSION', version: 3 }])(
    'rejects %j',
    (reply) => expect(versionFromReply(reply)).toBeNull(),
  );
});
