import { describe, expect, it } from 'vitest';
import {
  capitalize,
  formatDateTime,
  formatDuration,
  formatBytes,
  formatMilliseconds,
  formatRatioPercent,
  formatTime,
} from './format';

describe('formatting', () => {
  it('formats durations by their two largest units', () => {
    expect(formatDuration(0)).toBe('0s');
    expect(formatDuration(8.9)).toBe('8s');
    expect(formatDuration(67)).toBe('1m 7s');
    expect(formatDuration(3600)).toBe('1h');
    expect(formatDuration(3 * 3600 + 5 * 60 + 9)).toBe('3h 5m');
    expect(formatDuration(2 * 86_400 + 3 * 3600 + 59)).toBe('2d 3h');
    expect(formatDuration(-1)).toBe('—');
    expect(formatDuration(Number.NaN)).toBe('—');
  });

  it('formats ratios as percentages', () => {
    expect(formatRatioPercent(0.0123)).toBe('1.23%');
    expect(formatRatioPercent(0)).toBe('0.00%');
    expect(formatRatioPercent(1, 0)).toBe('100%');
    expect(formatRatioPercent(Number.POSITIVE_INFINITY)).toBe('—');
  });

  it('formats milliseconds', () => {
    expect(formatMilliseconds(0.42)).toBe('0.4 ms');
    expect(formatMilliseconds(12.6)).toBe('13 ms');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.50 KiB');
    expect(formatBytes(52_428_800)).toBe('50.0 MiB');
    expect(formatBytes(-1)).toBe('—');
  });

  it('formats date-times with the given format and rejects invalid input', () => {
    const utc = new Intl.DateTimeFormat('en-US', {
      timeZone: 'UTC',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    });
    expect(formatDateTime('2026-11-23T14:30:00.000Z', utc)).toBe('2:30 PM UTC');
    expect(formatDateTime('not a date')).toBe('—');
    expect(formatTime('nope')).toBe('—');
  });

  it('capitalizes', () => {
    expect(capitalize('healthy')).toBe('Healthy');
    expect(capitalize('')).toBe('');
  });
});
