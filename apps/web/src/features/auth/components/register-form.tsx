import { useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import { FORM_MODE, type FieldRules } from '@blok/contract/validation/index';
import { rulesResolver, toReactHookFormMode } from '../../../lib/form-rules.ts';
import { paths } from '../../../config/paths.ts';
import { Button } from '../../../components/ui/button/button.tsx';
import { TextField, fieldErrorId } from '../../../components/ui/text-field/text-field.tsx';
import { useRegister } from '../api/register.ts';
import { authErrorMessage } from '../utils/auth-error-message.ts';
import styles from './auth-form.module.css';
import { MAX_PASSWORD_LENGTH } from '@blok/contract/auth-constants';

type AccountValues = { email: string; password: string };

const REGISTER_RULES: FieldRules = {
  email: { rules: 'required|email', inputType: 'email' },
  password: `required|maxLength:${MAX_PASSWORD_LENGTH}|passwordSecurity`,
};

type RegisterFormProps = {
  /** catalogue ids chosen in the Welcome step */
  choice: { university: string; study: string; year: string };
  /** Rendered under the intro, e.g. a summary of the chosen study. */
  children?: ReactNode;
  onSuccess: () => Promise<void> | void;
};

/** Step 3 of registration: 'Maak account aan'. */
export function RegisterForm({ choice, children, onSuccess }: RegisterFormProps) {
  const { t, i18n } = useTranslation('auth');
  const passwordId = useId();
  // where she was going (?redirectTo=) goes along to the login, which checks it (issue 38)
  const { search } = useLocation();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<AccountValues>({
    ...toReactHookFormMode(FORM_MODE.submit),
    resolver: rulesResolver<AccountValues>(REGISTER_RULES),
    context: { locale: i18n.language },
    defaultValues: { email: '', password: '' },
  });
  const registration = useRegister({ onSuccess });

  const onSubmit = handleSubmit((values) => {
    setServerError(null);
    registration.mutate({ ...values, ...choice }, { onError: (error) => setServerError(authErrorMessage(error, t)) });
  });

  return (
    <div className={styles.screen}>
      <div className={styles.heading}>
        <h1>{t('register.accountTitle')}</h1>
        <p className={styles.intro}>{t('register.accountIntro')}</p>
      </div>
      {children}
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <TextField
          label={t('fields.email')}
          type="email"
          autoComplete="email"
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
          autoComplete="new-password"
          hint={t('fields.passwordHint')}
          error={errors.password?.message ?? serverError ?? undefined}
          {...register('password')}
        />
        <Button
          type="submit"
          fullWidth
          isBusy={registration.isPending || registration.isSuccess}
          busyLabel={t('register.submitting')}
        >
          {t('register.submit')}
        </Button>
      </form>
      <p className={styles.footer}>
        {t('register.haveAccount')} <Link to={{ pathname: paths.auth.login.getHref(), search }}>{t('register.loginLink')}</Link>
      </p>
    </div>
  );
}
