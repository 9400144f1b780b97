import { describe, expect, it } from 'vitest';
import { tradesCsv } from './tradesCsv';

const trade = {
  symbol: 'SPY',
  entryTime: '2025-01-02T00:00:00.000Z',
  exitTime: '2025-02-03T00:00:00.000Z',
  entryPrice: 580.25,
  exitPrice: 601.5,
  quantity: 12,
  pnl: 253.1234,
  return: 0.0363,
  holdingBars: 21,
  entryReason: 'SMA(5) crosses above SMA(20)',
  exitReason: 'stop loss, 5% "hard"',
};

describe('tradesCsv', () => {
  it('writes a header row and one row per trade, numbers unformatted, text quoted where it must be', () => {
    expect(tradesCsv([trade]).split('\r\n')).toEqual([
      'symbol,entryTime,exitTime,entryPrice,exitPrice,quantity,pnl,return,holdingBars,entryReason,exitReason',
      'SPY,2025-01-02T00:00:00.000Z,2025-02-03T00:00:00.000Z,580.25,601.5,12,253.1234,0.0363,21,SMA(5) crosses above SMA(20),"stop loss, 5% ""hard"""',
      '',
    ]);
  });

  it('is the header alone without trades', () => {
    expect(tradesCsv([])).toBe(
      'symbol,entryTime,exitTime,entryPrice,exitPrice,quantity,pnl,return,holdingBars,entryReason,exitReason\r\n',
    );
  });
});
