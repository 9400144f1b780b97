import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { otpCodes, sessions, users } from '../../server/db/schema';
import { SINGLE_USER_TOKEN } from '../../src/domain/constants';
import { codeIn, startSmtpServer, type SmtpTestServer } from '../fixtures/smtpServer';
import { startTwilioServer, type TwilioTestServer } from '../fixtures/twilioServer';
import { createTestApp, drivers, graphql, type TestApp } from './helpers';

const LOGIN = `mutation L($input: LoginInput!) { login(input: $input) { success methodId token error } }`;
const VERIFY = `mutation V($input: VerifyOTPInput!) { verifyOTP(input: $input) { success token expiresAt error user { id email phoneNumber isVerified preferences { theme } } } }`;

interface LoginData {
  login: { success: boolean; methodId: string | null; token: string | null; error: string | null };
}
interface VerifyData {
  verifyOTP: {
    success: boolean;
    token: string | null;
    expiresAt: string | null;
    error: string | null;
    user: { id: string; email: string | null; phoneNumber: string | null; isVerified: boolean } | null;
  };
}

describe.each(drivers)('one-time code sign-in (%s)', (driver) => {
  let smtp: SmtpTestServer;
  let twilio: TwilioTestServer;
  let testApp: TestApp;
  let clock = Date.parse('2026-11-23T15:00:00Z');
  const advance = (ms: number) => (clock += ms);

  beforeAll(async () => {
    smtp = await startSmtpServer();
    twilio = await startTwilioServer();
    testApp = await createTestApp(driver, {
      now: () => new Date(clock),
      env: {
        AUTH_MODE: 'otp',
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Desk <desk@example.test>',
        TWILIO_ACCOUNT_SID: twilio.accountSid,
        TWILIO_AUTH_TOKEN: twilio.authToken,
        TWILIO_FROM: '+15005550006',
        TWILIO_BASE_URL: twilio.baseUrl,
      },
    });
  });
  afterAll(async () => {
    await testApp?.close();
    await smtp?.close();
    await twilio?.close();
  });
  beforeEach(async () => {
    // Rate limits count codes of the last hour: each test starts an hour later.
    advance(2 * 60 * 60 * 1000);
  });

  const login = (input: Record<string, unknown>) =>
    graphql<LoginData>(testApp.app, LOGIN, { token: null, variables: { input } });
  const verify = (input: Record<string, unknown>) =>
    graphql<VerifyData>(testApp.app, VERIFY, { token: null, variables: { input } });
  const me = (token: string) => graphql<{ me: { email: string } }>(testApp.app, '{ me { email } }', { token });

  async function emailCode(address: string) {
    const sent = await login({ email: address });
    expect(sent.data?.login).toMatchObject({ success: true, error: null });
    const methodId = sent.data?.login.methodId ?? '';
    return { methodId, code: codeIn(await smtp.waitForMessage(address)) };
  }

  it('signs in by e-mail over SMTP: the code arrives, verifies once, creates the user and a working session', async () => {
    const { methodId, code } = await emailCode('Ada@Example.test');
    expect(code).toMatch(/^\d{6}$/);
    const stored = await testApp.db.select().from(otpCodes).where(eq(otpCodes.id, methodId));
    expect(stored[0]?.codeHash).not.toContain(code);
    expect(JSON.stringify(stored)).not.toContain(`"${code}"`);

    const result = await verify({ email: 'ada@example.test', methodId, code });
    const answer = result.data?.verifyOTP;
    expect(answer).toMatchObject({ success: true, error: null, user: { email: 'ada@example.test', isVerified: true } });
    expect(answer?.expiresAt).toBe(new Date(clock + 24 * 60 * 60 * 1000).toISOString());
    const token = answer?.token ?? '';
    expect((await me(token)).data?.me.email).toBe('ada@example.test');

    // Single use: the same code again is refused.
    expect((await verify({ email: 'ada@example.test', methodId, code })).data?.verifyOTP.error).toBe('code_not_found');
    // A second sign-in finds the same user.
    const again = await emailCode('ada@example.test');
    const second = await verify({ email: 'ada@example.test', ...again });
    expect(second.data?.verifyOTP.user?.id).toBe(answer?.user?.id);
    const [row] = await testApp.db.select({ n: count() }).from(users).where(eq(users.email, 'ada@example.test'));
    expect(row?.n).toBe(1);
  });

  it('signs in by SMS through the Twilio Messages endpoint', async () => {
    const sent = await login({ phoneNumber: '(555) 234-5678' });
    expect(sent.data?.login.success).toBe(true);
    const sms = twilio.messages.at(-1);
    expect(sms).toMatchObject({ to: '+15552345678', from: '+15005550006' });
    const code = /code is (\d{6})/.exec(sms?.body ?? '')?.[1] ?? '';
    const result = await verify({ phoneNumber: '5552345678', methodId: sent.data?.login.methodId, code });
    expect(result.data?.verifyOTP).toMatchObject({ success: true, user: { phoneNumber: '+15552345678' } });
  });

  it("maps Twilio's refusals and bad numbers to the spec's codes", async () => {
    expect((await login({ phoneNumber: '123' })).data?.login.error).toBe('invalid_phone_number');
    twilio.failFor('+15553334444', 21614);
    expect((await login({ phoneNumber: '555-333-4444' })).data?.login.error).toBe('inactive_phone_number');
    twilio.failFor('+15553335555', 21211);
    expect((await login({ phoneNumber: '555-333-5555' })).data?.login.error).toBe('invalid_phone_number');
    smtp.refuse('gone@example.test');
    expect((await login({ email: 'gone@example.test' })).data?.login.error).toBe('inactive_email');
  });

  it('kills a code after 5 wrong tries, even for the right code', async () => {
    const { methodId, code } = await emailCode('five@example.test');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await verify({ email: 'five@example.test', methodId, code: wrong })).data?.verifyOTP.error).toBe(
        'invalid_code',
      );
    }
    expect((await verify({ email: 'five@example.test', methodId, code })).data?.verifyOTP.error).toBe('code_not_found');
  });

  it('expires codes after 10 minutes and lets a new code replace the previous one', async () => {
    const first = await emailCode('late@example.test');
    advance(10 * 60 * 1000);
    expect((await verify({ email: 'late@example.test', ...first })).data?.verifyOTP.error).toBe('code_expired');

    const older = await emailCode('late@example.test');
    const newer = await emailCode('late@example.test');
    expect((await verify({ email: 'late@example.test', ...older })).data?.verifyOTP.error).toBe('code_not_found');
    expect((await verify({ email: 'late@example.test', ...newer })).data?.verifyOTP.success).toBe(true);
  });

  it('limits codes to 5 per address per hour and answers the same whether the address is known or not', async () => {
    for (let sent = 0; sent < 5; sent++)
      expect((await login({ email: 'busy@example.test' })).data?.login.success).toBe(true);
    expect((await login({ email: 'busy@example.test' })).data?.login).toMatchObject({
      success: false,
      error: 'too_many_requests',
    });
    const rest = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/send-code',
      payload: { email: 'busy@example.test' },
    });
    expect(rest.statusCode).toBe(429);
    expect(rest.headers['retry-after']).toBeDefined();

    // Known (ada, signed in before) and unknown addresses get answers of the same shape.
    const known = await login({ email: 'ada@example.test' });
    const unknown = await login({ email: 'nobody@example.test' });
    expect(Object.keys(known.data?.login ?? {})).toEqual(Object.keys(unknown.data?.login ?? {}));
    expect({ ...known.data?.login, methodId: 'x' }).toEqual({ ...unknown.data?.login, methodId: 'x' });
  });

  it('ends sessions on logout, after 4 hours idle and 24 hours after sign-in, with an "unauthorized" error', async () => {
    const signIn = async () => {
      const pending = await emailCode('session@example.test');
      return (await verify({ email: 'session@example.test', ...pending })).data?.verifyOTP.token ?? '';
    };
    const loggedOut = await signIn();
    const out = await graphql<{ logout: { success: boolean } }>(testApp.app, 'mutation { logout { success } }', {
      token: loggedOut,
    });
    expect(out.data?.logout.success).toBe(true);
    expect((await me(loggedOut)).errors?.[0]?.message).toContain('unauthorized');

    const idle = await signIn();
    advance(3 * 60 * 60 * 1000);
    expect((await me(idle)).data?.me.email).toBe('session@example.test');
    advance(3 * 60 * 60 * 1000 + 59 * 60 * 1000);
    expect((await me(idle)).data?.me.email).toBe('session@example.test');
    advance(4 * 60 * 60 * 1000);
    expect((await me(idle)).errors?.[0]?.message).toContain('unauthorized');

    const absolute = await signIn();
    for (let hour = 0; hour < 23; hour++) {
      advance(60 * 60 * 1000);
      expect((await me(absolute)).data?.me.email).toBe('session@example.test');
    }
    advance(60 * 60 * 1000);
    expect((await me(absolute)).errors?.[0]?.message).toContain('unauthorized');
    const [stored] = await testApp.db.select({ n: count() }).from(sessions);
    expect(stored?.n).toBeGreaterThanOrEqual(3);
  });

  it('answers the REST twins like the mutations', async () => {
    const sent = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/send-code',
      payload: { email: 'rest@example.test' },
    });
    expect(sent.statusCode).toBe(200);
    const { methodId } = sent.json<{ methodId: string }>();
    const code = codeIn(await smtp.waitForMessage('rest@example.test'));
    const wrong = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/verify-code',
      payload: { email: 'rest@example.test', methodId, code: code === '999999' ? '000000' : '999999' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ success: false, error: 'invalid_code' });
    const ok = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/verify-code',
      payload: { email: 'rest@example.test', methodId, code },
    });
    const { token, success } = ok.json<{ token: string; success: boolean }>();
    expect(success).toBe(true);
    const out = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.json()).toEqual({ success: true });
    expect((await me(token)).errors?.[0]?.message).toContain('unauthorized');
    const bad = await testApp.app.inject({ method: 'POST', url: '/api/auth/send-code', payload: { email: 1 } });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses the single-user token and every other operation without a session', async () => {
    expect((await me(SINGLE_USER_TOKEN)).errors?.[0]?.message).toContain('unauthorized');
    const mixed = await graphql(
      testApp.app,
      'mutation { login(input: { email: "a@example.test" }) { success } logout { success } }',
      {
        token: null,
      },
    );
    expect(mixed.errors?.[0]?.message).toContain('unauthorized');
  });
});

describe('single-user mode sign-in', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp('pglite');
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('always reports success as the default user with the default token', async () => {
    const sent = await graphql<LoginData>(testApp.app, LOGIN, {
      token: null,
      variables: { input: { email: 'x@example.test' } },
    });
    expect(sent.data?.login).toMatchObject({ success: true, methodId: 'single-user' });
    const verified = await graphql<VerifyData>(testApp.app, VERIFY, {
      token: null,
      variables: { input: { email: 'x@example.test', methodId: 'single-user', code: '000000' } },
    });
    expect(verified.data?.verifyOTP).toMatchObject({
      success: true,
      token: SINGLE_USER_TOKEN,
      user: { email: 'trader@localhost' },
    });
  });
});

describe('production configuration', () => {
  it('refuses one-time-code sign-in without an e-mail or SMS transport', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', AUTH_MODE: 'otp' })).toThrow(
      'Invalid AUTH_MODE: otp in production needs SMTP_URL or TWILIO_*',
    );
    expect(
      loadConfig({ NODE_ENV: 'production', AUTH_MODE: 'otp', SMTP_URL: 'smtp://127.0.0.1:2525' }).notifications.smtp,
    ).toEqual({
      url: 'smtp://127.0.0.1:2525',
      from: 'AI Trading <no-reply@localhost>',
    });
  });
});
