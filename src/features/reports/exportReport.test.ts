import { describe, expect, it } from 'vitest';
import { exportRefusal } from './exportReport';

const json = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('why an export was refused, in words', () => {
  it("bad input: the server's error naming the field", async () => {
    const answer = json(
      { success: false, error: 'definition.end: the end is before the start', field: 'definition.end' },
      400,
    );
    expect(await exportRefusal(answer)).toBe('definition.end: the end is before the start');
  });

  it('rate-limited: when to try again; another failure: its message, else the status', async () => {
    expect(await exportRefusal(json({ success: false, error: 'rate_limited' }, 429))).toBe(
      'Too many exports in a short time. Wait a few minutes and try again.',
    );
    expect(await exportRefusal(json({ error: 'internal_server_error', message: 'Unexpected error.' }, 500))).toBe(
      'Unexpected error.',
    );
    expect(await exportRefusal(new Response('<html>', { status: 502 }))).toBe('The export failed (502).');
  });
});
