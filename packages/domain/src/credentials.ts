// The e-mail and password policy (spec section 5): the forms' validation rules and the API's
// registration and password checks call these, so a password the form refuses the server refuses too.

/** Shortest password the policy accepts. */
export const MIN_PASSWORD_LENGTH = 8;

/** The special characters passwordSecurity accepts (besides letters and digits): ! # $ % & ? a space or a double quote. */
export const PASSWORD_SPECIAL_CHARS = ['!', '#', '$', '%', '&', '?', ' ', '"'] as const;
const PASSWORD_SPECIAL_PATTERN = /[!#$%&? "]/;

/** passwordSecurity: at least 8 characters (code points) with a letter, a digit and a special character. */
export function isSecurePassword(password: string): boolean {
  return (
    Array.from(password).length >= MIN_PASSWORD_LENGTH &&
    /\p{L}/u.test(password) &&
    /[0-9]/.test(password) &&
    PASSWORD_SPECIAL_PATTERN.test(password)
  );
}

const EMAIL_PATTERN =
  /^(?!\.)(?!.*\.\.)[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+(?<!\.)@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

/**
 * An e-mail address as the forms and the API accept it (surrounding spaces ignored): a local part
 * of at most 64 characters without leading, trailing or double dots, a domain with a top-level
 * name of two or more letters, 254 characters at most.
 */
export function isValidEmail(email: string): boolean {
  const s = email.trim();
  if (s.length > 254) return false;
  if (s.lastIndexOf('@') > 64) return false;
  return EMAIL_PATTERN.test(s);
}
