import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KEY_FILE_NAME, loadCredentialsKey, parseCredentialsKey } from './credentialsKey';

let dir: string;
let warnings: string[];
const warn = (message: string) => void warnings.push(message);
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'credentials-key-'));
  warnings = [];
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('the credentials key', () => {
  it('reads CREDENTIALS_KEY as hex, base64 or base64url, and refuses anything else naming the variable', () => {
    const key = randomBytes(32);
    for (const text of [
      key.toString('hex'),
      key.toString('base64'),
      key.toString('base64url'),
      ` ${key.toString('hex')}\n`,
    ])
      expect(parseCredentialsKey(text).equals(key)).toBe(true);
    for (const text of ['short', randomBytes(16).toString('hex'), `${key.toString('hex')}00`, 'z'.repeat(64)])
      expect(() => parseCredentialsKey(text)).toThrow(/^CREDENTIALS_KEY: /);
  });

  it('prefers CREDENTIALS_KEY and writes no file then', async () => {
    const key = randomBytes(32);
    const loaded = await loadCredentialsKey({
      credentialsKey: key.toString('hex'),
      dataDir: dir,
      production: true,
      warn,
    });
    expect(loaded.equals(key)).toBe(true);
    await expect(stat(join(dir, KEY_FILE_NAME))).rejects.toThrow();
    expect(warnings).toEqual([]);
  });

  it('generates a key file once, owner-only, and reads the same key afterwards', async () => {
    const source = { credentialsKey: undefined, dataDir: join(dir, 'data'), production: false, warn };
    const first = await loadCredentialsKey(source);
    const path = join(dir, 'data', KEY_FILE_NAME);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect((await readFile(path, 'utf8')).trim()).toBe(first.toString('hex'));
    expect((await loadCredentialsKey(source)).equals(first)).toBe(true);
    expect(warnings).toEqual([]);
  });

  it('gives processes starting together the same key', async () => {
    const source = { credentialsKey: undefined, dataDir: dir, production: false, warn };
    const keys = await Promise.all(Array.from({ length: 8 }, () => loadCredentialsKey(source)));
    for (const key of keys) expect(key.equals(keys[0]!)).toBe(true);
  });

  it('warns in production when the key comes from DATA_DIR or from memory', async () => {
    await loadCredentialsKey({ credentialsKey: undefined, dataDir: dir, production: true, warn });
    await loadCredentialsKey({ credentialsKey: '', dataDir: dir, production: true, warn });
    await loadCredentialsKey({ credentialsKey: undefined, dataDir: undefined, production: true, warn });
    expect(warnings).toHaveLength(3);
    expect(warnings[0]).toMatch(/generated .*credentials\.key; set CREDENTIALS_KEY/);
    expect(warnings[1]).toMatch(/using .*credentials\.key/);
    expect(warnings[2]).toMatch(/in memory/);
  });

  it('refuses a key file others can read, and a file that holds no key', async () => {
    const path = join(dir, KEY_FILE_NAME);
    await writeFile(path, randomBytes(32).toString('hex'), { mode: 0o644 });
    await chmod(path, 0o644);
    const source = { credentialsKey: undefined, dataDir: dir, production: false, warn };
    await expect(loadCredentialsKey(source)).rejects.toThrow(/owner only \(chmod 600\)/);
    await writeFile(path, 'not a key');
    await chmod(path, 0o600);
    await expect(loadCredentialsKey(source)).rejects.toThrow(/not a credentials key/);
  });
});
