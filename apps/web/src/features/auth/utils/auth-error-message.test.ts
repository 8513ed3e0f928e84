import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { authErrorMessage } from './auth-error-message.ts';

const t = i18n.getFixedT('nl', 'auth');

describe('authErrorMessage', () => {
  it("shows the web app's own Dutch text for the API's codes, weak_password included", () => {
    expect(authErrorMessage(new ApiError(400, 'weak_password', 'ignored'), t)).toBe('Dit wachtwoord komt niet overeen met het veiligheidsbeleid');
    expect(authErrorMessage(new ApiError(400, 'invalid_email', 'ignored'), t)).toBe('Ongeldig e-mailadres');
  });
  it("shows the server's description for rate limiting and the generic text for anything else", () => {
    expect(authErrorMessage(new ApiError(429, 'too_many_requests', 'Probeer het over 5 minuten opnieuw.'), t)).toBe('Probeer het over 5 minuten opnieuw.');
    expect(authErrorMessage(new ApiError(500, 'internal_error', ''), t)).toBe('De server heeft een fout aangetroffen bij het verwerken van het verzoek.');
    expect(authErrorMessage(new Error('network'), t)).toBe('De server heeft een fout aangetroffen bij het verwerken van het verzoek.');
  });
  it('says how long a password may be for password_too_long', () => {
    expect(authErrorMessage(new ApiError(400, 'password_too_long', 'ignored'), t)).toBe('Je wachtwoord mag maximaal 256 tekens lang zijn');
  });
});
