// Sign-in by SMS code (AUTH_MODE=otp) in Chromium against the production build: the formatted phone is
// sent normalised (+1 and 10 digits) through a local server speaking Twilio's Messages API, the code read
// from the SMS signs the user in, and Twilio's refusals show the spec texts.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTwilioServer, type TwilioTestServer } from '../fixtures/twilioServer';
import { launchBrowser, PHONE, watchedPage } from './browser';
import { startServer, type RunningServer } from './server';

let browser: Browser;
let twilio: TwilioTestServer;
let server: RunningServer;

beforeAll(async () => {
  twilio = await startTwilioServer();
  server = await startServer({
    AUTH_MODE: 'otp',
    TWILIO_ACCOUNT_SID: twilio.accountSid,
    TWILIO_AUTH_TOKEN: twilio.authToken,
    TWILIO_FROM: '+15550001111',
    TWILIO_BASE_URL: twilio.baseUrl,
  });
  browser = await launchBrowser();
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await twilio?.close();
});

async function sendCodeTo(page: Page, digits: string): Promise<void> {
  await page.goto(server.url);
  const phone = page.locator('input[name="phone"]');
  await phone.pressSequentially(digits);
  await page.getByRole('button', { name: /send/i }).click();
}

/** The 6-digit code of the latest SMS to `to`. */
async function smsCode(to: string): Promise<string> {
  for (let tries = 0; tries < 50; tries += 1) {
    const sms = twilio.messages.findLast((message) => message.to === to);
    const code = sms && /\b(\d{6})\b/.exec(sms.body)?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no SMS to ${to}`);
}

describe('sign-in by SMS code', () => {
  it('sends the code to the normalised number and signs in with it', async () => {
    const { page, context } = await watchedPage(browser, { viewport: PHONE });
    await sendCodeTo(page, '5552345678');
    await page.getByText('Enter the 6-digit verification code sent to (555) 234-5678').waitFor();
    const code = await smsCode('+15552345678');
    await page.locator('input[name="code"]').fill(code);
    await page.getByRole('button', { name: /verify/i }).click();
    await page.getByText('Verification Successful').first().waitFor();
    // A new user opens on the setup wizard (issue 14 point 5).
    await page.getByRole('heading', { name: 'Getting Started' }).waitFor();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('authSession') ?? 'null') as unknown);
    expect(stored).toMatchObject({ user: { phoneNumber: '+15552345678' } });
    await context.close();
  }, 60_000);

  it('a number Twilio cannot text shows the inactive-number text and stays on step 1', async () => {
    twilio.failFor('+15553456789', 21614);
    const { page, context } = await watchedPage(browser, { viewport: PHONE });
    await sendCodeTo(page, '5553456789');
    await page.getByText('This phone number is not active for SMS. Please try a different number.').first().waitFor();
    await page.getByText('Login Failed').first().waitFor();
    await page.getByText('Sign in with your phone number or email to access your trading dashboard').waitFor();
    await context.close();
  }, 60_000);

  it("accepts the spec's example typed in a common form: '+1 (555) 123-4567' shows as (555) 123-4567, sent as +15551234567", async () => {
    const { page, context } = await watchedPage(browser, { viewport: PHONE });
    await page.goto(server.url);
    const phone = page.locator('input[name="phone"]');
    await phone.pressSequentially('+1 (555) 123-4567');
    expect(await phone.inputValue()).toBe('(555) 123-4567');
    await page.getByRole('button', { name: /send/i }).click();
    await page.getByText('Enter the 6-digit verification code sent to (555) 123-4567').waitFor();
    expect(await smsCode('+15551234567')).toMatch(/^\d{6}$/);
    await context.close();
  }, 60_000);

  it("a login that fails without a server error shows 'Login failed' and the toast 'Login Failed'", async () => {
    const { page, context } = await watchedPage(browser, { viewport: PHONE });
    await page.route('**/graphql', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          data: { login: { success: false, methodId: null, error: null, token: null, user: null } },
        }),
      }),
    );
    await sendCodeTo(page, '5551234567');
    await page.getByText('Login failed', { exact: true }).first().waitFor();
    await page.getByText('Login Failed', { exact: true }).first().waitFor();
    expect(await page.getByText('Failed to send OTP').count()).toBe(0);
    await context.close();
  }, 60_000);

  it('an incomplete number is refused before anything is sent', async () => {
    const sent = twilio.messages.length;
    const { page, context } = await watchedPage(browser, { viewport: PHONE });
    await sendCodeTo(page, '555123');
    await page.getByText('Please enter a valid US phone number (10 digits)').first().waitFor();
    expect(twilio.messages.length).toBe(sent);
    await context.close();
  }, 60_000);
});
