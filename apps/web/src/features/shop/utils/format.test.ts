import { describe, expect, it } from 'vitest';
import { formatDate, formatEuro, safeReturnPath } from './format.ts';

describe('shop formatting', () => {
  it('shows euros the Dutch way', () => {
    expect(formatEuro(999)).toBe('€\u00a09,99');
    expect(formatEuro(7999)).toBe('€\u00a079,99');
    expect(formatEuro(15000)).toBe('€\u00a0150,00');
    expect(formatEuro(123456)).toBe('€\u00a01.234,56');
  });

  it('shows dates in Dutch, in Dutch time', () => {
    expect(formatDate('2027-11-23T10:00:00.000Z')).toBe('23 november 2027');
    // 23:30 UTC on 31 December is already New Year in Amsterdam.
    expect(formatDate('2026-12-31T23:30:00.000Z')).toBe('1 januari 2027');
  });

  it('only returns to paths inside the app', () => {
    expect(safeReturnPath('/summary/read/sam/h2')).toBe('/summary/read/sam/h2');
    expect(safeReturnPath('//evil.example/x')).toBeNull();
    expect(safeReturnPath('https://evil.example')).toBeNull();
    expect(safeReturnPath('/\\evil.example')).toBeNull();
    expect(safeReturnPath(undefined)).toBeNull();
  });
});
