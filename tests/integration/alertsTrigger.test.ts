import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimulatedMarket } from '../../server/services/market';
import { startSmtpServer, type SmtpTestServer } from '../fixtures/smtpServer';
import {
  createTestApp,
  createUserWithSession,
  drivers,
  graphql,
  graphqlWsClient,
  nextWhile,
  type TestApp,
} from './helpers';

const WEDNESDAY_1100 = Date.parse('2026-11-18T16:00:00Z');
const ALERT_FIELDS = 'id symbol condition isActive triggerPrice currentPrice triggeredAt isRead';

interface Alert {
  id: string;
  symbol: string;
  condition: string;
  isActive: boolean;
  triggerPrice: number;
  currentPrice: number | null;
  triggeredAt: string | null;
  isRead: boolean;
}

describe.each(drivers)('price alerts triggered by market ticks (%s)', (driver) => {
  let testApp: TestApp;
  let market: SimulatedMarket;
  let smtp: SmtpTestServer;
  let client: Client | undefined;
  let clock = WEDNESDAY_1100;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    market = new SimulatedMarket({ seed: 'alerts-trigger', now: clock });
    testApp = await createTestApp(driver, {
      market,
      now: () => new Date(clock),
      env: { SMTP_URL: smtp.url },
    });
  });
  afterAll(async () => {
    await client?.dispose();
    await testApp.close();
    await smtp.close();
  });

  const tick = async () => {
    clock += 1000;
    market.tick(clock);
  };

  it('fires a crossed alert once on a tick: pushed over graphql-ws, stored as triggered, e-mailed', async () => {
    const user = await createUserWithSession(testApp.db);
    const create = async (condition: string, triggerPrice: number) => {
      const { data, errors } = await graphql<{ createAlert: Alert }>(
        testApp.app,
        `mutation C($input: CreateAlertInput!) { createAlert(input: $input) { ${ALERT_FIELDS} } }`,
        { token: user.token, variables: { input: { symbol: 'aapl', condition, triggerPrice } } },
      );
      expect(errors).toBeUndefined();
      return data!.createAlert;
    };
    const far = await create('above', Math.round(market.getQuote('AAPL')!.price * 2));
    const email = (await graphql<{ me: { email: string } }>(testApp.app, '{ me { email } }', { token: user.token }))
      .data!.me.email;
    const mailsTo = () => smtp.messages.filter((m) => m.to.includes(email));

    const address = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    client = graphqlWsClient(address, user.token);
    const pushes = client.iterate<{ alertTriggered: Alert }>({
      query: `subscription { alertTriggered { ${ALERT_FIELDS} } }`,
    });
    // A graphql-ws subscription starts asynchronously: until the first push arrives, each round adds an
    // alert $5 below the price (crossed by the next tick) and ticks.
    const near: Alert[] = [];
    const pushed = await nextWhile(pushes, async () => {
      const alert = await create('above', Math.round((market.getQuote('AAPL')!.price - 5) * 100) / 100);
      expect(alert).toMatchObject({ isActive: true, triggeredAt: null, currentPrice: null });
      near.push(alert);
      await tick();
    });
    const fired = pushed.data!.alertTriggered;
    const firedNear = near.find((a) => a.id === fired.id)!;
    expect(firedNear).toBeDefined();
    expect(fired).toMatchObject({ symbol: 'AAPL', isActive: false, isRead: false });
    expect(fired.currentPrice).toBeGreaterThanOrEqual(firedNear.triggerPrice);
    expect(Date.parse(fired.triggeredAt!)).toBeGreaterThan(WEDNESDAY_1100);
    expect(Date.parse(fired.triggeredAt!)).toBeLessThanOrEqual(clock);

    // One e-mail per fired alert, with the alert's trigger in the subject.
    const mail = await smtp.waitForMessage(email);
    expect(mail.raw.replace(/=\r?\n/g, '')).toMatch(/Subject: Price alert: AAPL is above \$\d+\.\d\d \(now \$/);
    for (let waited = 0; mailsTo().length < near.length && waited < 100; waited++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(mailsTo()).toHaveLength(near.length);

    // More ticks: fired alerts stay fired (no second e-mail), the far one stays active.
    for (let i = 0; i < 3; i++) await tick();
    await new Promise((resolve) => setTimeout(resolve, 300)); // let those ticks' evaluations finish
    const { data } = await graphql<{ alerts: Alert[] }>(testApp.app, `{ alerts { ${ALERT_FIELDS} } }`, {
      token: user.token,
    });
    const byId = new Map(data!.alerts.map((a) => [a.id, a]));
    expect(byId.get(fired.id)).toMatchObject({
      isActive: false,
      triggeredAt: fired.triggeredAt,
      currentPrice: fired.currentPrice,
    });
    for (const alert of near) expect(byId.get(alert.id)?.isActive).toBe(false);
    expect(byId.get(far.id)).toMatchObject({ isActive: true, triggeredAt: null });
    expect(mailsTo()).toHaveLength(near.length);
    await pushes.return?.();
  });
});
