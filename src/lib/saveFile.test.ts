import { describe, expect, it } from 'vitest';
import { downloadRefusal } from './saveFile';

const json = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('why a download was refused, in words', () => {
  it("bad input: the server's error naming the field", async () => {
    const answer = json(
      { success: false, error: 'definition.end: the end is before the start', field: 'definition.end' },
      400,
    );
    expect(await downloadRefusal(answer)).toBe('definition.end: the end is before the start');
  });

  it('rate-limited: when to try again, unless the server said why in words', async () => {
    expect(await downloadRefusal(json({ success: false, error: 'rate_limited', retryAfter: 60 }, 429))).toBe(
      'Too many exports in a short time. Wait a few minutes and try again.',
    );
    expect(await downloadRefusal(json({ error: 'too_many_requests', message: 'An export is under way.' }, 429))).toBe(
      'An export is under way.',
    );
  });

  it('another failure: its message, else the status', async () => {
    expect(await downloadRefusal(json({ error: 'internal_server_error', message: 'Unexpected error.' }, 500))).toBe(
      'Unexpected error.',
    );
    expect(await downloadRefusal(new Response('<html>', { status: 502 }))).toBe('The export failed (502).');
  });
});
