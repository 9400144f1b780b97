import { describe, expect, it } from 'vitest';
import { marketClock } from '../marketClock';
import {
  currentOrLastSessionDay,
  dayNumberOf,
  easternDayNumber,
  isEarlyClose,
  isMarketOpen,
  isTradingDay,
  isTradingDayNumber,
  nextClose,
  nextOpen,
  sessionCloseOf,
  sessionMinutesOf,
  sessionOpenOf,
} from './calendar';

const day = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number);
  return dayNumberOf(y!, m!, d!);
};
const tradingDaysIn = (year: number) => {
  let count = 0;
  for (let d = dayNumberOf(year, 1, 1); d < dayNumberOf(year + 1, 1, 1); d++) if (isTradingDayNumber(d)) count++;
  return count;
};

describe('US market calendar', () => {
  it('closes on the NYSE holidays with their observance rules', () => {
    const closed2026 = [
      '2026-01-01',
      '2026-01-19',
      '2026-02-16',
      '2026-04-03',
      '2026-05-25',
      '2026-06-19',
      '2026-07-03',
      '2026-09-07',
      '2026-11-26',
      '2026-12-25',
    ];
    for (const date of closed2026) expect(isTradingDayNumber(day(date)), date).toBe(false);
    expect(isTradingDayNumber(day('2026-07-02'))).toBe(true);
    // 2022: New Year's Day on a Saturday is not made up on Friday Dec 31, 2021; Juneteenth on a Sunday moves to Monday.
    expect(isTradingDayNumber(day('2021-12-31'))).toBe(true);
    expect(isTradingDayNumber(day('2022-06-20'))).toBe(false);
    expect(isTradingDayNumber(day('2021-06-18'))).toBe(true); // before Juneteenth became a market holiday
    expect(isTradingDayNumber(day('2021-12-24'))).toBe(false); // Christmas on Saturday → Friday
    expect(isTradingDayNumber(day('2025-01-09'))).toBe(false); // day of mourning, President Carter
    expect(isTradingDayNumber(day('2026-11-21'))).toBe(false); // a Saturday
  });

  it('counts the trading days of a year', () => {
    expect(tradingDaysIn(2024)).toBe(252);
    expect(tradingDaysIn(2025)).toBe(250);
    expect(tradingDaysIn(2026)).toBe(251);
  });

  it('knows the 13:00 early closes', () => {
    for (const date of ['2025-07-03', '2025-11-28', '2025-12-24', '2026-11-27', '2026-12-24', '2024-07-03']) {
      expect(isEarlyClose(day(date)), date).toBe(true);
      expect(sessionMinutesOf(day(date))).toBe(210);
    }
    expect(isEarlyClose(day('2026-07-02'))).toBe(false); // July 3 is the holiday itself in 2026
    expect(sessionCloseOf(day('2026-11-27'))).toBe(Date.parse('2026-11-27T18:00:00Z'));
  });

  it('converts Eastern time with daylight saving (second Sunday of March to first Sunday of November)', () => {
    expect(sessionOpenOf(day('2026-03-06'))).toBe(Date.parse('2026-03-06T14:30:00Z')); // EST
    expect(sessionOpenOf(day('2026-03-09'))).toBe(Date.parse('2026-03-09T13:30:00Z')); // EDT
    expect(sessionCloseOf(day('2026-10-30'))).toBe(Date.parse('2026-10-30T20:00:00Z')); // EDT
    expect(sessionCloseOf(day('2026-11-02'))).toBe(Date.parse('2026-11-02T21:00:00Z')); // EST
    expect(easternDayNumber(Date.parse('2026-11-19T03:00:00Z'))).toBe(day('2026-11-18')); // 22:00 ET the day before
    expect(isTradingDay(new Date('2026-11-21T15:00:00Z'))).toBe(false);
  });

  it('answers open/closed and the next open and close', () => {
    expect(isMarketOpen(Date.parse('2026-11-18T14:29:59Z'))).toBe(false);
    expect(isMarketOpen(Date.parse('2026-11-18T14:30:00Z'))).toBe(true);
    expect(isMarketOpen(Date.parse('2026-11-18T21:00:00Z'))).toBe(false);
    expect(nextOpen(Date.parse('2026-11-20T22:00:00Z'))).toBe(Date.parse('2026-11-23T14:30:00Z')); // Friday evening → Monday
    expect(nextClose(Date.parse('2026-11-25T15:00:00Z'))).toBe(Date.parse('2026-11-25T21:00:00Z'));
    expect(nextClose(Date.parse('2026-11-25T22:00:00Z'))).toBe(Date.parse('2026-11-27T18:00:00Z')); // Thanksgiving, then early close
    expect(currentOrLastSessionDay(Date.parse('2026-11-23T14:00:00Z'))).toBe(day('2026-11-20')); // Monday before the open
    expect(currentOrLastSessionDay(Date.parse('2026-11-23T15:00:00Z'))).toBe(day('2026-11-23'));
  });

  it('agrees with ../marketClock on every half hour of 2025–2027, the years its holiday lists cover', () => {
    const start = Date.parse('2025-01-01T00:00:00Z');
    const end = Date.parse('2028-01-01T00:00:00Z');
    const disagreements: string[] = [];
    for (let t = start; t < end; t += 30 * 60_000) {
      const clock = marketClock(new Date(t));
      if ((clock.status === 'OPEN') !== isMarketOpen(t)) disagreements.push(new Date(t).toISOString());
      if (clock.nextOpen.getTime() !== nextOpen(t) && t !== nextOpen(t))
        disagreements.push(`open ${new Date(t).toISOString()}`);
    }
    expect(disagreements).toEqual([]);
  });
});
