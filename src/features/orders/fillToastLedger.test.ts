import { describe, expect, it } from 'vitest';
import { createFillToastLedger } from './fillToastLedger';

const trade = { id: 't1', orderId: 'o1', side: 'BUY', quantity: 10, symbol: 'AAPL', price: 161.23 } as const;
const order = {
  id: 'o1',
  status: 'FILLED',
  side: 'BUY',
  filledQuantity: 10,
  symbol: 'AAPL',
  averageFillPrice: 161.23,
} as const;

function ledger() {
  const shown: string[] = [];
  return { shown, ledger: createFillToastLedger((text) => shown.push(`${text.title}: ${text.description}`)) };
}

describe('fill toast ledger', () => {
  it('shows a fill once when the pushed trade comes before the answer', () => {
    const { shown, ledger: fills } = ledger();
    fills.trade(trade);
    fills.answer(order);
    fills.trade(trade);
    expect(shown).toEqual(['Order filled: Bought 10 AAPL at $161.23']);
  });

  it('shows a fill once when the answer comes before the pushed trade', () => {
    const { shown, ledger: fills } = ledger();
    fills.answer(order);
    fills.trade(trade);
    expect(shown).toEqual(['Order filled: Bought 10 AAPL at $161.23']);
  });

  it('shows every partial fill pushed, and nothing for an answer that is not filled', () => {
    const { shown, ledger: fills } = ledger();
    fills.answer({ ...order, status: 'OPEN', filledQuantity: 0, averageFillPrice: null });
    fills.trade({ ...trade, id: 't1', quantity: 4 });
    fills.trade({ ...trade, id: 't2', quantity: 6, price: 161.5 });
    expect(shown).toEqual(['Order filled: Bought 4 AAPL at $161.23', 'Order filled: Bought 6 AAPL at $161.50']);
  });
});
