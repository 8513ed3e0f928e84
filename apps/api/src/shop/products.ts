import type { Product, ProductId } from '@blok/contract';
import { VAT_PERCENTAGE } from '@blok/contract';

/** A product as configured: its price per period in euro cents, VAT included. */
export interface ProductConfig {
  id: ProductId;
  /** the name on the bank statement and the test checkout */
  name: string;
  priceCents: number;
  intervalMonths: number;
}

/**
 * The one place where Premium's prices live. Prices include 21 % VAT (consumer prices in the
 * Netherlands are always shown with VAT). Changing a price applies to new orders and to the
 * next renewal of running subscriptions (renewals read the price from here).
 */
export const PRODUCTS: readonly ProductConfig[] = [
  { id: 'premium-month', name: 'Blok Premium (maand)', priceCents: 999, intervalMonths: 1 },
  { id: 'premium-year', name: 'Blok Premium (jaar)', priceCents: 7999, intervalMonths: 12 },
];

export const CURRENCY = 'EUR';

export function productById(id: string): ProductConfig | undefined {
  return PRODUCTS.find((p) => p.id === id);
}

/** The VAT part of a price that includes VAT, rounded to whole cents. */
export const vatOf = (priceCents: number) => Math.round((priceCents * VAT_PERCENTAGE) / (100 + VAT_PERCENTAGE));

/** The products as the shop shows them, with the monthly equivalent and the yearly saving. */
export function productViews(): Product[] {
  const monthly = PRODUCTS.find((p) => p.intervalMonths === 1);
  return PRODUCTS.map((p) => {
    const monthlyPriceCents = Math.round(p.priceCents / p.intervalMonths);
    const yearlyAtMonthlyPrice = monthly ? monthly.priceCents * 12 : 0;
    const yearlyAtThisPrice = Math.round((p.priceCents * 12) / p.intervalMonths);
    return {
      id: p.id,
      name: p.name,
      priceCents: p.priceCents,
      vatCents: vatOf(p.priceCents),
      intervalMonths: p.intervalMonths,
      monthlyPriceCents,
      savingCents: p.intervalMonths === 1 ? 0 : Math.max(0, yearlyAtMonthlyPrice - yearlyAtThisPrice),
    };
  });
}

/** Mollie's amount format: a string with two decimals and a dot ("9.99"). */
export const mollieAmount = (cents: number) => (cents / 100).toFixed(2);

/** Parses Mollie's amount string into cents ("79.99" -> 7999). */
export function centsOf(value: string): number {
  const m = /^(\d+)\.(\d{2})$/.exec(value);
  if (!m) return Number.NaN;
  return Number(m[1]) * 100 + Number(m[2]);
}

/**
 * Adds whole months in UTC, clamped to the end of the month (31 January + 1 month = 28 or 29
 * February), as a payment provider's subscription would.
 */
export function addMonths(from: Date, months: number): Date {
  const d = new Date(from.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}
