import { describe, expect, it } from 'vitest';
import { createNotifications } from '.';

describe('the development log e-mail transport', () => {
  it("logs an attachment's file name and size, never its content", async () => {
    const lines: { object: Record<string, unknown>; message: string }[] = [];
    const log = { warn: (object: Record<string, unknown>, message: string) => void lines.push({ object, message }) };
    const { email } = createNotifications({ smtp: null, twilio: null }, log as never, { production: false });
    await email.send({
      to: 'trader@example.test',
      subject: 'Weekly review',
      text: 'Your report is attached.',
      attachments: [
        { filename: 'report.pdf', contentType: 'application/pdf', content: new TextEncoder().encode('%PDF-secret') },
      ],
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]!.object.attachments).toEqual([{ filename: 'report.pdf', bytes: 11 }]);
    expect(JSON.stringify(lines[0])).not.toContain('secret');
  });
});
