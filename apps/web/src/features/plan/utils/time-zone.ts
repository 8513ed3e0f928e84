/** Her IANA time zone (her day starts at midnight there); Europe/Amsterdam when the browser does not say. */
export function timeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'Europe/Amsterdam';
  } catch {
    return 'Europe/Amsterdam';
  }
}
