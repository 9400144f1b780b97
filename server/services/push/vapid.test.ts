import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import webpush from 'web-push';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_VAPID_SUBJECT, loadVapidKeys, VAPID_FILE_NAME, type VapidSource } from './vapid';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vapid-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const none: VapidSource = {
  publicKey: undefined,
  privateKey: undefined,
  subject: undefined,
  publicOrigin: undefined,
  dataDir: undefined,
};

describe('the VAPID keys', () => {
  it('uses VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY together, and refuses one without the other', async () => {
    const pair = webpush.generateVAPIDKeys();
    expect(await loadVapidKeys({ ...none, ...pair, dataDir: dir })).toEqual({
      ...pair,
      subject: DEFAULT_VAPID_SUBJECT,
    });
    await expect(loadVapidKeys({ ...none, publicKey: pair.publicKey })).rejects.toThrow(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both or neither',
    );
  });

  it('generates a pair once into DATA_DIR (owner-only) and reads it on the next start', async () => {
    const first = await loadVapidKeys({ ...none, dataDir: dir });
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect((await stat(join(dir, VAPID_FILE_NAME))).mode & 0o777).toBe(0o600);
    const [again, together] = await Promise.all([
      loadVapidKeys({ ...none, dataDir: dir }),
      loadVapidKeys({ ...none, dataDir: dir }),
    ]);
    expect(again).toEqual(first);
    expect(together).toEqual(first);
  });

  it('signs as VAPID_SUBJECT, else an https PUBLIC_ORIGIN, else a mailto: placeholder', async () => {
    const subject = async (source: Partial<VapidSource>) => (await loadVapidKeys({ ...none, ...source })).subject;
    expect(await subject({ subject: 'mailto:ops@example.com', publicOrigin: 'https://t.example.com' })).toBe(
      'mailto:ops@example.com',
    );
    expect(await subject({ publicOrigin: 'https://t.example.com' })).toBe('https://t.example.com');
    expect(await subject({ publicOrigin: 'http://t.example.com' })).toBe(DEFAULT_VAPID_SUBJECT);
  });
});
