/** Her IANA time zone (FSRS counts days in it); UTC when the browser does not say. */
export function timeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
