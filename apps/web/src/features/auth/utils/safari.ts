/** Safari releases below this major version are flagged on the login screen (spec section 9). */
export const MIN_SAFARI_MAJOR_VERSION = 17;

// Other browsers put "Safari/" in their user agent too; these tokens identify them.
const NOT_SAFARI = /(Chrome|Chromium|CriOS|FxiOS|Firefox|EdgiOS|Edg|OPR|OPiOS|SamsungBrowser|YaBrowser|DuckDuckGo)\/|Android/i;

/**
 * The major version of desktop or iOS Safari from a user agent string, or null when the
 * browser is not Safari (Chrome, Firefox and friends, including their iOS versions).
 */
export function getSafariMajorVersion(userAgent: string): number | null {
  if (!/Safari\//.test(userAgent) || NOT_SAFARI.test(userAgent)) return null;
  const match = /Version\/(\d+)/.exec(userAgent);
  return match?.[1] ? Number(match[1]) : null;
}

export function isOutdatedSafari(userAgent: string): boolean {
  const major = getSafariMajorVersion(userAgent);
  return major !== null && major < MIN_SAFARI_MAJOR_VERSION;
}
