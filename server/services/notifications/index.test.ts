import { describe, expect, it } from 'vitest';
import { createNotifications } from '.';
import { createSmtpTransport, senderDomain } from './smtp';

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

describe('the domain of the sender (for Message-IDs)', () => {
  it("is MAIL_FROM's address's domain, else localhost", () => {
    expect(senderDomain('AI Trading <no-reply@trading.example.test>')).toBe('trading.example.test');
    expect(senderDomain('reports@example.test')).toBe('example.test');
    expect(senderDomain('Reports <reports>')).toBe('localhost');
    expect(createSmtpTransport('smtp://127.0.0.1:9', 'Desk <desk@mail.example.test>').domain).toBe('mail.example.test');
    expect(
      createNotifications({ smtp: null, twilio: null }, { warn: () => undefined }, { production: false }).email.domain,
    ).toBe('localhost');
  });
});
