import { describe, expect, it } from 'vitest';
import { addMonths, centsOf, mollieAmount, productViews, vatOf } from './products.ts';

describe('shop products', () => {
  it('adds months like a calendar, clamped to the end of a shorter month', () => {
    expect(addMonths(new Date('2026-01-31T10:00:00.000Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths(new Date('2028-01-31T10:00:00.000Z'), 1).toISOString()).toBe('2028-02-29T10:00:00.000Z');
    expect(addMonths(new Date('2026-11-23T14:00:00.000Z'), 12).toISOString()).toBe('2027-11-23T14:00:00.000Z');
    expect(addMonths(new Date('2026-12-15T00:00:00.000Z'), 1).toISOString()).toBe('2027-01-15T00:00:00.000Z');
  });

  it("speaks Mollie's amount format both ways", () => {
    expect(mollieAmount(999)).toBe('9.99');
    expect(mollieAmount(7999)).toBe('79.99');
    expect(mollieAmount(100)).toBe('1.00');
    expect(centsOf('79.99')).toBe(7999);
    expect(centsOf('0.50')).toBe(50);
    expect(centsOf('79.9')).toBeNaN();
  });

  it('derives the VAT part of a price that includes 21 % VAT', () => {
    expect(vatOf(121)).toBe(21);
    expect(vatOf(999)).toBe(173);
  });

  it('shows the yearly plan with its monthly equivalent and the saving against twelve months', () => {
    const [month, year] = productViews();
    expect(month).toMatchObject({ id: 'premium-month', savingCents: 0, monthlyPriceCents: month!.priceCents });
    expect(year!.savingCents).toBe(month!.priceCents * 12 - year!.priceCents);
    expect(year!.monthlyPriceCents).toBe(Math.round(year!.priceCents / 12));
  });
});
