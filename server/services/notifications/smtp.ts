import nodemailer from 'nodemailer';
import { DeliveryError, type EmailTransport } from './types';

/** SMTP response codes that mean the mailbox itself is refused (RFC 5321: 550, 551, 553). */
const MAILBOX_REFUSED = new Set([550, 551, 553]);

function responseCode(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('responseCode' in error)) return undefined;
  return typeof error.responseCode === 'number' ? error.responseCode : undefined;
}

/** E-mail over SMTP (SMTP_URL, e.g. smtp://user:pass@host:587 or smtps://…), sent from MAIL_FROM. */
export function createSmtpTransport(url: string, from: string): EmailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send({ to, subject, text, attachments = [] }) {
      try {
        await transporter.sendMail({
          from,
          to,
          subject,
          text,
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
