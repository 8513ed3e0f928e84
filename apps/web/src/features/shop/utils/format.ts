/** Euro amounts the Dutch way: `€ 9,99` (comma decimals, a non-breaking space after the sign). */
const euro = new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' });

export const formatEuro = (cents: number): string => euro.format(cents / 100);

/** A date as a Dutch student reads it: `23 november 2027` (in Dutch time). */
const longDate = new Intl.DateTimeFormat('nl-NL', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Amsterdam' });

export const formatDate = (iso: string): string => longDate.format(new Date(iso));

/** Where she goes after paying: an in-app path only (never another site). */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

const RETURN_KEY = 'blok.shop.returnTo';

/** Remembers the screen that sent her to the shop (the paywall's chapter) across the checkout. */
export function rememberReturnPath(path: string | null): void {
  try {
    if (path) sessionStorage.setItem(RETURN_KEY, path);
    else sessionStorage.removeItem(RETURN_KEY);
  } catch {
    // Private mode without storage: she simply lands on the library afterwards.
  }
}

export function recallReturnPath(): string | null {
  try {
    return safeReturnPath(sessionStorage.getItem(RETURN_KEY));
  } catch {
    return null;
  }
}
