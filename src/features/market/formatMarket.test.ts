import { describe, expect, it } from 'vitest';
import {
  changeColor,
  formatChange,
  formatCompact,
  formatSignedPercent,
  formatSignedUsd,
  formatUsd,
} from './formatMarket';

describe('market formats', () => {
  it('shows dollars with cents and a sign on changes', () => {
    expect(formatUsd(161.2)).toBe('$161.20');
    expect(formatUsd(null)).toBe('—');
    expect(formatSignedUsd(12.3)).toBe('+$12.30');
    expect(formatSignedUsd(-4)).toBe('−$4.00');
    expect(formatSignedUsd(0)).toBe('$0.00');
  });

  it('shows percentages in percent units and compact volumes', () => {
    expect(formatSignedPercent(1.234)).toBe('+1.23%');
    expect(formatSignedPercent(-0.5)).toBe('−0.50%');
    expect(formatCompact(1_250_000)).toBe('1.25M');
    expect(formatSignedPercent(-0.001)).toBe('0.00%');
    expect(formatSignedUsd(-0.001)).toBe('$0.00');
  });

  it('shows a change as its amount, with its percentage in brackets when given', () => {
    expect(formatChange(1.2, 0.75)).toBe('+$1.20 (+0.75%)');
    expect(formatChange(-4, null)).toBe('−$4.00 (—)');
    expect(formatChange(-4)).toBe('−$4.00');
  });

  it('colours gains green, losses red and nothing muted', () => {
    expect(changeColor(1)).toBe('fg.success');
    expect(changeColor(-1)).toBe('fg.error');
    expect(changeColor(0)).toBe('fg.muted');
  });
});
