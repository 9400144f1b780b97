import type { Logger } from 'pino';
import { createSmtpTransport } from './smtp';
import { createTwilioTransport, type TwilioSettings } from './twilio';
import { DeliveryError, type EmailTransport, type SmsTransport } from './types';

export interface NotificationSettings {
  smtp: { url: string; from: string } | null;
  twilio: TwilioSettings | null;
}

/**
 * Log transports for development: with no SMTP or Twilio configured the message (and so a sign-in code) is
 * written to the server log, marked as such. The server refuses to start this way in production with OTP.
 */
function logEmail(log: Pick<Logger, 'warn'>): EmailTransport {
  return {
    kind: 'log',
    domain: 'localhost',
    // Attachments: their names and sizes only.
    send: async (message) =>
      log.warn(
        {
          transport: 'development-log',
          to: message.to,
          messageId: message.messageId,
          attachments: message.attachments?.map((file) => ({ filename: file.filename, bytes: file.content.length })),
        },
        `[DEV E-MAIL] ${message.subject}\n${message.text}`,
      ),
  };
}

function logSms(log: Pick<Logger, 'warn'>): SmsTransport {
  return {
    kind: 'log',
    send: async (message) => log.warn({ transport: 'development-log', to: message.to }, `[DEV SMS] ${message.body}`),
  };
}

/** E-mail and SMS delivery chosen by the configuration (SMTP_URL, TWILIO_*), else the development log. */
export function createNotifications(
  settings: NotificationSettings,
  log: Pick<Logger, 'warn'>,
  { production }: { production: boolean },
) {
  return {
    email: settings.smtp
      ? createSmtpTransport(settings.smtp.url, settings.smtp.from)
      : production
        ? unavailable('e-mail')
        : logEmail(log),
    sms: settings.twilio ? createTwilioTransport(settings.twilio) : production ? unavailable('SMS') : logSms(log),
  };
}

/** In production a channel without a real transport is switched off: nothing is ever logged in its place. */
function unavailable(channel: string): EmailTransport & SmsTransport {
  return {
    kind: 'none',
    domain: 'localhost',
    send: async () => {
      throw new DeliveryError('delivery_failed', `Sign-in by ${channel} is not available on this server.`);
    },
  };
}

export type Notifications = ReturnType<typeof createNotifications>;
export * from './types';
