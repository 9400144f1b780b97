/** A file sent with an e-mail (a scheduled report's PDF). */
export interface EmailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

/** One e-mail (plain text), with files attached if any. */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  attachments?: readonly EmailAttachment[];
  /**
   * Its RFC 5322 Message-ID (`<left@domain>`), when every send of one e-mail must carry the same one (a retried
   * scheduled report: mail stores that deduplicate by Message-ID show it once); else the transport makes one.
   */
  messageId?: string;
}

/** One text message to a phone number in E.164 form. */
export interface SmsMessage {
  to: string;
  body: string;
}

export interface EmailTransport {
  /** `smtp` or `log` (development). */
  readonly kind: string;
  /** The domain of the sender address (MAIL_FROM's; `localhost` without one), for the Message-IDs made for it. */
  readonly domain: string;
  send(message: EmailMessage): Promise<void>;
}

export interface SmsTransport {
  /** `twilio` or `log` (development). */
  readonly kind: string;
  send(message: SmsMessage): Promise<void>;
}

/** Why a delivery failed, in the sign-in error vocabulary (spec §8 Login). */
export type DeliveryFailure = 'invalid_phone_number' | 'inactive_phone_number' | 'inactive_email' | 'delivery_failed';

/** A delivery the provider refused or that could not be made. */
export class DeliveryError extends Error {
  override name = 'DeliveryError';
  constructor(
    readonly reason: DeliveryFailure,
    message: string,
  ) {
    super(message);
  }
}
