import { validateValue } from '@blok/contract/validation/index';
import { AppError } from '../errors.ts';

/** The spec's passwordSecurity and passwordConfirm rules, with the same function the forms use. */
export function assertPasswordRules(password: string, confirmation: string): void {
  if (validateValue(password, 'required|passwordSecurity', { fieldName: 'password', locale: 'nl' }) !== true) {
    throw new AppError('weak_password', 'Dit wachtwoord komt niet overeen met het veiligheidsbeleid');
  }
  if (password !== confirmation) throw new AppError('validation_failed', 'Deze wachtwoorden komen niet overeen');
}
