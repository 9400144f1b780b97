import { describe, expect, it } from 'vitest';
import { downloadRefusal, fileNameFrom } from './saveFile';

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

describe("a download's file name", () => {
  it("the server's (content-disposition), else the fallback when missing or not a bare name", () => {
    expect(fileNameFrom('attachment; filename="report-2025-11-24_2026-11-24.pdf"', 'report.pdf')).toBe(
      'report-2025-11-24_2026-11-24.pdf',
    );
    expect(fileNameFrom('attachment; filename="../etc/passwd"', 'report.csv')).toBe('report.csv');
    expect(fileNameFrom(null, 'report.pdf')).toBe('report.pdf');
  });
});
