import { Suspense, lazy, useEffect, useId, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import type { FieldRules } from '@blok/contract/validation/index';
import { useSubmitRulesForm } from '../../../lib/use-submit-rules-form.ts';
import { paths } from '../../../config/paths.ts';
import { Button } from '../../../components/ui/button/button.tsx';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import { TextField, fieldErrorId } from '../../../components/ui/text-field/text-field.tsx';
import { isAutoLogoutFlagSet, onSessionEvent } from '../../../lib/auth/session.ts';
import { useLogin } from '../api/login.ts';
import { authErrorMessage } from '../utils/auth-error-message.ts';
import { isOutdatedSafari } from '../utils/safari.ts';
import styles from './auth-form.module.css';

/** The password-changed notice closes by itself after this long (spec section 9). */
export const PASSWORD_CHANGED_NOTICE_MS = 3000;

/** Router state the reset-password screen passes along. */
export type LoginLocationState = { passwordChanged?: boolean } | null;

/** Only old Safari needs the dialog (and its Radix code): it loads then, not with every login (decision 014). */
const OutdatedSafariDialog = lazy(() => import('./outdated-safari-dialog.tsx').then((m) => ({ default: m.OutdatedSafariDialog })));

type LoginValues = { email: string; password: string };

const LOGIN_RULES: FieldRules = {
  email: { rules: 'required|email', inputType: 'email' },
  password: 'required',
};

type LoginScreenProps = {
  /** login-temporary shows the same form with its own heading. */
  variant?: 'default' | 'temporary';
  /** Runs after the session is stored (load the profile, go to Home). */
  onSuccess: () => Promise<void> | void;
};

export function LoginScreen({ variant = 'default', onSuccess }: LoginScreenProps) {
  const { t, i18n } = useTranslation('auth');
  const location = useLocation();
  const navigate = useNavigate();
  const passwordId = useId();
  const [autoLogout, setAutoLogout] = useState(isAutoLogoutFlagSet);
  const [passwordChanged, setPasswordChanged] = useState(
    () => (location.state as LoginLocationState)?.passwordChanged === true,
  );
  const [serverError, setServerError] = useState<string | null>(null);
  const [outdatedSafari] = useState(() => isOutdatedSafari(navigator.userAgent));

  // The spec's submit mode without react-hook-form: login is a first visit (decision 014).
  const { register, handleSubmit, errors } = useSubmitRulesForm<LoginValues>({
    rules: LOGIN_RULES,
    locale: i18n.language,
    defaultValues: { email: '', password: '' },
  });

  const login = useLogin({ onSuccess });
  const resetLogin = login.reset;

  // Signed out while on this screen (e.g. another device took over right after this login):
  // show the notice and make the form usable again.
  useEffect(
    () =>
      onSessionEvent((event) => {
        if (event.type !== 'signed-out') return;
        setAutoLogout(isAutoLogoutFlagSet());
        resetLogin();
      }),
    [resetLogin],
  );

  useEffect(() => {
    if (!passwordChanged) return;
    // Forget the router state so a reload does not show the notice again.
    void navigate(location.pathname, { replace: true, state: null });
    const timer = setTimeout(() => setPasswordChanged(false), PASSWORD_CHANGED_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [passwordChanged, navigate, location.pathname]);

  const onSubmit = handleSubmit((values) => {
    setServerError(null);
    login.mutate(values, { onError: (error) => setServerError(authErrorMessage(error, t)) });
  });

  const isBusy = login.isPending || login.isSuccess;
  const passwordError = errors.password?.message ?? serverError ?? undefined;

  return (
    <div className={styles.screen}>
      <div className={styles.heading}>
        <h1>{variant === 'temporary' ? t('login.temporaryTitle') : t('login.title')}</h1>
        <p className={styles.intro}>{variant === 'temporary' ? t('login.temporaryIntro') : t('login.intro')}</p>
      </div>

      {autoLogout && (
        <Notice variant="warning" role="alert" title={t('login.autoLogoutTitle')}>
          {t('login.autoLogout')}
        </Notice>
      )}
      {passwordChanged && <Notice variant="success">{t('login.passwordChanged')}</Notice>}

      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <TextField
          label={t('fields.email')}
          type="email"
          autoComplete="username"
          inputMode="email"
          placeholder={t('fields.emailPlaceholder')}
          error={errors.email?.message}
          invalid={Boolean(serverError)}
          describedBy={serverError ? fieldErrorId(passwordId) : undefined}
          {...register('email')}
        />
        <TextField
          id={passwordId}
          label={t('fields.password')}
          type="password"
          autoComplete="current-password"
          error={passwordError}
          {...register('password')}
        />
        <Link className={styles.forgot} to={paths.auth.forgotPassword.getHref()}>
          {t('login.forgotPassword')}
        </Link>
        <Button type="submit" fullWidth isBusy={isBusy} busyLabel={t('login.submitting')}>
          {t('login.submit')}
        </Button>
      </form>

      {/* where she was going (?redirectTo=) goes along: the registration opens it after (issue 38) */}
      <p className={styles.footer}>
        {t('login.noAccount')} <Link to={paths.auth.register.getHref() + location.search}>{t('login.registerLink')}</Link>
      </p>

      {outdatedSafari && (
        <Suspense fallback={null}>
          <OutdatedSafariDialog />
        </Suspense>
      )}
    </div>
  );
}
