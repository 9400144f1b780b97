import { describe, expect, it } from 'vitest';
import { exportFileName } from './accountData';

describe('exportFileName', () => {
  it('takes the server’s file name, and never a path', () => {
    expect(exportFileName('attachment; filename="tradingapp-data-2026-11-24.json"')).toBe(
      'tradingapp-data-2026-11-24.json',
    );
    const today = new Date('2026-11-24T12:00:00Z');
    expect(exportFileName('attachment; filename="../../etc/passwd"', today)).toBe('tradingapp-data-2026-11-24.json');
    expect(exportFileName(null, today)).toBe('tradingapp-data-2026-11-24.json');
  });
});
