import type { Range, VirtualItem } from '@tanstack/react-virtual';
import { describe, expect, it } from 'vitest';
import { rowsToRender, withGaps } from './VirtualRows';
import { isVirtual } from './virtualLayout';

const range = (startIndex: number, endIndex: number): Range => ({ startIndex, endIndex, overscan: 2, count: 150 });

const item = (index: number, size = 40): VirtualItem => ({
  key: index,
  index,
  start: index * size,
  end: (index + 1) * size,
  size,
  lane: 0,
});

describe('rowsToRender', () => {
  it('is the rows in view and the overscan when no row holds the focus', () => {
    expect(rowsToRender(range(10, 12), null)).toEqual([8, 9, 10, 11, 12, 13, 14]);
  });

  it('keeps the focused row, in order, wherever the view is', () => {
    expect(rowsToRender(range(100, 101), 3)).toEqual([3, 98, 99, 100, 101, 102, 103]);
    expect(rowsToRender(range(10, 11), 140)).toEqual([8, 9, 10, 11, 12, 13, 140]);
  });

  it('lists the focused row once when it is in view, and not when it is past the rows (removed)', () => {
    expect(rowsToRender(range(10, 11), 10)).toEqual([8, 9, 10, 11, 12, 13]);
    expect(rowsToRender(range(10, 11), 150)).toEqual([8, 9, 10, 11, 12, 13]);
  });
});

describe('withGaps', () => {
  it('puts a spacer before the first rendered row and between rows that are not neighbours', () => {
    const gaps = withGaps([item(3), item(98), item(99), item(100)]).map(({ item, gapBefore }) => [
      item.index,
      gapBefore,
    ]);
    expect(gaps).toEqual([
      [3, 120],
      [98, 94 * 40],
      [99, 0],
      [100, 0],
    ]);
  });
});

describe('isVirtual', () => {
  it('is past 100 rows by default, past the table’s own virtualizeAfter when it sets one', () => {
    expect(isVirtual(100)).toBe(false);
    expect(isVirtual(101)).toBe(true);
    expect(isVirtual(11, 10)).toBe(true);
    expect(isVirtual(150, 200)).toBe(false);
  });
});
