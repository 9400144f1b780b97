import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlertNotifier, type FiredAlert } from '../../server/services/alerts';
import { createSmtpTransport } from '../../server/services/notifications/smtp';
import { startSmtpServer, type SmtpTestServer } from '../fixtures/smtpServer';
import { createTestApp, createUserWithSession, drivers, graphql, type TestApp } from './helpers';

const fired = (userId: string): FiredAlert => ({
  id: 'alert-1',
  userId,
  symbol: 'AAPL',
  condition: 'above',
  triggerPrice: 250,
  currentPrice: 251.37,
  message: 'Apple broke out',
});

describe.each(drivers)('fired price alert notifications by e-mail (%s)', (driver) => {
  let testApp: TestApp;
  let smtp: SmtpTestServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    testApp = await createTestApp(driver);
  });
  afterAll(async () => {
    await testApp.close();
    await smtp.close();
  });

  const notifier = () => createAlertNotifier(testApp.db, createSmtpTransport(smtp.url, 'Alerts <alerts@localhost>'));
  const emailOf = async (token: string) =>
    (await graphql<{ me: { email: string } }>(testApp.app, '{ me { email } }', { token })).data!.me.email;

  it('mails the user over SMTP when e-mail and trading alerts are on (the defaults)', async () => {
    const user = await createUserWithSession(testApp.db);
    await notifier()(fired(user.id));
    const mail = await smtp.waitForMessage(await emailOf(user.token));
    const raw = mail.raw.replace(/=\r?\n/g, '');
    expect(raw).toContain('Subject: Price alert: AAPL is above $250.00 (now $251.37)');
    expect(raw).toContain('Apple broke out');
  });

  it('sends nothing when the user turned trading alerts or e-mail off', async () => {
    for (const off of [{ tradingAlerts: false }, { email: false }]) {
      const user = await createUserWithSession(testApp.db);
      const updated = await graphql(
        testApp.app,
        'mutation U($input: PreferencesInput!) { updatePreferences(input: $input) { id } }',
        { token: user.token, variables: { input: { notifications: off } } },
      );
      expect(updated.errors).toBeUndefined();
      const before = smtp.messages.length;
      await notifier()(fired(user.id));
      const address = await emailOf(user.token);
      expect(smtp.messages.slice(before).filter((m) => m.to.includes(address))).toEqual([]);
    }
  });
});
