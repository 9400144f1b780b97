import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createPriceAlert, hasDefaultMessage, localAlertMessage, updatePriceAlert } from './alerts';
import { openLocalDb } from './db';
import { OUTBOX_OPS } from './outbox/ops';
import { outboxRows } from './outbox/queue';

const freshDb = () => openLocalDb(`alerts-${crypto.randomUUID()}`);

describe('price alert edits (spec §7 updateAlert, queued like create)', () => {
  it('applies the edit on the device and queues updateAlert after the create, for the same alert', async () => {
    const db = freshDb();
    const id = await createPriceAlert(db, { symbol: 'AAPL', condition: 'above', triggerPrice: 200 });
    await updatePriceAlert(db, id, { condition: 'below', triggerPrice: 150.5, message: '  Buy the dip  ' });

    expect(await db.alerts.get(id)).toMatchObject({ condition: 'below', triggerPrice: 150.5, message: 'Buy the dip' });
    const rows = await outboxRows(db);
    expect(rows.map((row) => row.op)).toEqual(['alert.create', 'alert.update']);
    expect(rows[1]?.payload).toEqual({
      id,
      input: { condition: 'below', triggerPrice: 150.5, message: 'Buy the dip' },
    });
    expect(rows[1]?.entityKey).toBe(rows[0]?.entityKey);
    expect(OUTBOX_OPS.get('alert.update')?.query).toContain('updateAlert(id: $id, input: $input)');
  });

  it('a default message follows the new values; an unchanged custom message is kept and not sent', async () => {
    const db = freshDb();
    const id = await createPriceAlert(db, { symbol: 'MSFT', condition: 'above', triggerPrice: 400 });
    expect(await db.alerts.get(id)).toMatchObject({ message: 'MSFT above $400.00' });

    await updatePriceAlert(db, id, { condition: 'below', triggerPrice: 380 });
    const updated = await db.alerts.get(id);
    expect(updated?.message).toBe('MSFT below $380.00');
    expect(updated && hasDefaultMessage(updated)).toBe(true);

    await updatePriceAlert(db, id, { condition: 'below', triggerPrice: 380, message: 'Cover' });
    await updatePriceAlert(db, id, { condition: 'below', triggerPrice: 370 });
    expect((await db.alerts.get(id))?.message).toBe('Cover');
    expect((await outboxRows(db)).at(-1)?.payload).toEqual({ id, input: { condition: 'below', triggerPrice: 370 } });

    // Emptied: back to the default message.
    await updatePriceAlert(db, id, { condition: 'below', triggerPrice: 370, message: ' ' });
    expect((await db.alerts.get(id))?.message).toBe(
      localAlertMessage({ symbol: 'MSFT', condition: 'below', triggerPrice: 370 }),
    );
  });
});
