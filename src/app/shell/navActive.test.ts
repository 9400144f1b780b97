import { describe, expect, it } from 'vitest';
import { isNavTargetActive } from './navActive';

const dashboard = { to: '/dashboard', aliases: ['/', '/overview'] };
const strategies = { to: '/strategies' };

describe('isNavTargetActive', () => {
  it('highlights Dashboard on /, /dashboard and /overview', () => {
    expect(isNavTargetActive('/', dashboard)).toBe(true);
    expect(isNavTargetActive('/dashboard', dashboard)).toBe(true);
    expect(isNavTargetActive('/dashboard/', dashboard)).toBe(true);
    expect(isNavTargetActive('/overview', dashboard)).toBe(true);
    expect(isNavTargetActive('/portfolio', dashboard)).toBe(false);
  });

  it('highlights an entry on the pages below it', () => {
    expect(isNavTargetActive('/strategies/momentum-1/config', strategies)).toBe(true);
    expect(isNavTargetActive('/strategies-old', strategies)).toBe(false);
    expect(isNavTargetActive('/', strategies)).toBe(false);
  });
});
