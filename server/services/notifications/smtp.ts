import type { Transporter } from 'nodemailer';
import { DeliveryError, type EmailTransport } from './types';

/** SMTP response codes that mean the mailbox itself is refused (RFC 5321: 550, 551, 553). */
const MAILBOX_REFUSED = new Set([550, 551, 553]);

function responseCode(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('responseCode' in error)) return undefined;
  return typeof error.responseCode === 'number' ? error.responseCode : undefined;
}

/** The domain of a sender address, `Name <user@domain>` or `user@domain` (`localhost` if it has none). */
export function senderDomain(from: string): string {
  const address = /<([^>]*)>/.exec(from)?.[1] ?? from;
  const at = address.lastIndexOf('@');
  const domain = at < 0 ? '' : address.slice(at + 1).trim();
  return domain || 'localhost';
}

/** E-mail over SMTP (SMTP_URL, e.g. smtp://user:pass@host:587 or smtps://…), sent from MAIL_FROM. */
export function createSmtpTransport(url: string, from: string): EmailTransport {
  // nodemailer is loaded with the first message, not to start the server (the server's one way of loading a package
  // late: `await import()` where it is used; a failed load is not kept, the next message tries again).
  let transporter: Transporter | undefined;
  return {
    kind: 'smtp',
    domain: senderDomain(from),
    async send({ to, subject, text, attachments = [], messageId }) {
      try {
        if (!transporter) {
          const { default: nodemailer } = await import('nodemailer');
          transporter ??= nodemailer.createTransport(url);
        }
        const mailer = transporter;
        await mailer.sendMail({
          from,
          to,
          subject,
          text,
          // Undefined: nodemailer makes one.
          messageId,
          attachments: attachments.map((file) => ({
            filename: file.filename,
            contentType: file.contentType,
            content: Buffer.from(file.content),
          })),
        });
      } catch (error) {
        const code = responseCode(error);
        if (code !== undefined && MAILBOX_REFUSED.has(code)) {
          throw new DeliveryError('inactive_email', `the mail server refused ${to}`);
        }
        throw new DeliveryError(
          'delivery_failed',
          `e-mail could not be sent: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    },
  };
}
