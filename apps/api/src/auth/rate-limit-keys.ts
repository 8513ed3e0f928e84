/**
 * The keys of auth's counters in `rate_limits`, in one place: the throttling writes them and
 * account deletion (`AuthService.forgetAccount`) forgets hers by the same functions, so a changed
 * format cannot leave her counters behind (decision 020).
 */
export const RATE_LIMIT_KEYS = {
  /** failed logins of one account from one address */
  loginFailAccountIp: (email: string, ip: string) => `login:fail:account-ip:${email}|${ip}`,
  /** failed logins of one account from all addresses */
  loginFailAccount: (email: string) => `login:fail:account:${email}`,
  /** failed logins from a browser with a device cookie, by the cookie's nonce (decision 017) */
  loginFailDevice: (nonce: string) => `login:fail:device:${nonce}`,
  /** failed logins from one address over all accounts */
  loginFailIp: (ip: string) => `login:fail:ip:${ip}`,
  /** logins from one address */
  loginIp: (ip: string) => `login:ip:${ip}`,
  /** registrations from one address */
  registerIp: (ip: string) => `register:ip:${ip}`,
  /** reset-link requests from one address, and for one e-mail address */
  forgotIp: (ip: string) => `forgot:ip:${ip}`,
  forgotEmail: (email: string) => `forgot:email:${email}`,
  /** wrong reset links from one address */
  resetFailIp: (ip: string) => `reset:fail:ip:${ip}`,
  /** wrong current passwords of one account */
  passwordChangeAccount: (userId: string) => `password-change:account:${userId}`,
} as const;

/** Her own counters: the keys that name her e-mail address or her id (not an address's). */
export function accountKeys(account: { id: string; email: string }): { keys: string[]; prefixes: string[] } {
  return {
    keys: [RATE_LIMIT_KEYS.loginFailAccount(account.email), RATE_LIMIT_KEYS.forgotEmail(account.email), RATE_LIMIT_KEYS.passwordChangeAccount(account.id)],
    // one per address she tried from
    prefixes: [RATE_LIMIT_KEYS.loginFailAccountIp(account.email, '')],
  };
}
