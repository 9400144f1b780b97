import { DeliveryError, type SmsTransport } from './types';

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  from: string;
  /** https://api.twilio.com unless overridden (tests). */
  baseUrl: string;
}

/** Twilio error codes: 21211 invalid 'To' number; 21614 not a mobile number; 21612/21408 cannot route there. */
const INVALID_NUMBER = new Set([21211]);
const INACTIVE_NUMBER = new Set([21614, 21612, 21408, 21610]);

/** Text messages through Twilio's REST API (`POST /2010-04-01/Accounts/{sid}/Messages.json`). */
export function createTwilioTransport(settings: TwilioSettings): SmsTransport {
  const endpoint = `${settings.baseUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`;
  return {
    kind: 'twilio',
    async send({ to, body }) {
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ To: to, From: settings.from, Body: body }),
          signal: AbortSignal.timeout(15_000),
        });
      } catch (error) {
        throw new DeliveryError(
          'delivery_failed',
          `SMS could not be sent: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      if (response.ok) return;
      const answer = (await response.json().catch(() => ({}))) as { code?: unknown; message?: unknown };
      const code = typeof answer.code === 'number' ? answer.code : undefined;
      const message = typeof answer.message === 'string' ? answer.message : `status ${response.status}`;
      if (code !== undefined && INVALID_NUMBER.has(code)) throw new DeliveryError('invalid_phone_number', message);
      if (code !== undefined && INACTIVE_NUMBER.has(code)) throw new DeliveryError('inactive_phone_number', message);
      throw new DeliveryError('delivery_failed', `SMS could not be sent: ${message}`);
    },
  };
}
