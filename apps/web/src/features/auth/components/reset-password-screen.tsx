import { useCallback, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import { FORM_MODE, type FieldRules } from '@blok/contract/validation/index';
import { rulesResolver, serverFieldErrors, toReactHookFormMode } from '../../../lib/form-rules.ts';
import { paths } from '../../../config/paths.ts';
import { Button } from '../../../components/ui/button/button.tsx';
import { Dialog, POPUP } from '../../../components/ui/dialog/dialog.tsx';
import { TextField } from '../../../components/ui/text-field/text-field.tsx';
import { CheckIcon } from '../../../components/icons/icons.tsx';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useResetPassword } from '../api/password-reset.ts';
import type { LoginLocationState } from './login-screen.tsx';
import styles from './auth-form.module.css';
import { MAX_PASSWORD_LENGTH } from '@blok/contract/auth-constants';

type ResetValues = { password: string; passwordConfirmation: string };
const RESET_RULES: FieldRules = {
  password: `required|maxLength:${MAX_PASSWORD_LENGTH}|passwordSecurity`,
  passwordConfirmation: 'required|passwordConfirm:@password',
};

/** After the success popup opens, the screen moves on to login by itself after this long. */
export const RESET_REDIRECT_MS = 3000;

/**
 * Reset password with the token of the mailed link (?token=): the new password is checked
 * (passwordSecurity, confirmation) here and by the API, which uses the link once and signs every
 * device out; the success popup shows, then login opens with the password-changed notice.
 */
export function ResetPasswordScreen() {
  const { t, i18n } = useTranslation('auth');
  const navigate = useNavigate();
  const [done, setDone] = useState(false);
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const reset = useResetPassword();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ResetValues>({
    ...toReactHookFormMode(FORM_MODE.submit),
    resolver: rulesResolver<ResetValues>(RESET_RULES),
    context: { locale: i18n.language },
    defaultValues: { password: '', passwordConfirmation: '' },
  });

  const toLogin = useCallback(() => {
    const state: LoginLocationState = { passwordChanged: true };
    void navigate(paths.auth.login.getHref(), { replace: true, state });
  }, [navigate]);

  const onSubmit = handleSubmit(({ password, passwordConfirmation }) =>
    reset.mutate(
      { token, password, passwordConfirmation },
      {
        onSuccess: () => setDone(true),
        onError: (error) => {
          if (error instanceof ApiError && (error.code === 'weak_password' || error.code === 'password_too_long')) setError('password', { message: error.description });
          // A field the server refused: its rule's Dutch message under that field (issue 26).
          const fields = serverFieldErrors(error, ['password', 'passwordConfirmation'] as const);
          if (fields.password) setError('password', { message: fields.password });
          if (fields.passwordConfirmation) setError('passwordConfirmation', { message: fields.passwordConfirmation });
        },
      },
    ),
  );

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(toLogin, RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, toLogin]);

  return (
    <div className={styles.screen}>
      <div className={styles.heading}>
        <h1>{t('reset.title')}</h1>
        <p className={styles.intro}>{t('reset.intro')}</p>
      </div>
      {!token && (
        <Notice variant="warning" role="alert">
          <p>{t('reset.missingToken')}</p>
          <Link to={paths.auth.forgotPassword.getHref()}>{t('reset.requestNew')}</Link>
        </Notice>
      )}
      {reset.error instanceof ApiError && reset.error.code === 'invalid_reset_token' && (
        <Notice variant="error" role="alert">
          <p>{t('reset.invalidLink')}</p>
          <Link to={paths.auth.forgotPassword.getHref()}>{t('reset.requestNew')}</Link>
        </Notice>
      )}
      {reset.isError && !(reset.error instanceof ApiError && (['invalid_reset_token', 'weak_password', 'password_too_long'].includes(reset.error.code) || reset.error.fields.some((f) => f.field === 'password' || f.field === 'passwordConfirmation'))) && (
        <Notice variant="error" role="alert">
          {reset.error instanceof ApiError && reset.error.description ? reset.error.description : t('reset.error')}
        </Notice>
      )}
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <TextField
          label={t('fields.newPassword')}
          type="password"
          autoComplete="new-password"
          hint={t('fields.passwordHint')}
          error={errors.password?.message}
          {...register('password')}
        />
        <TextField
          label={t('fields.passwordConfirmation')}
          type="password"
          autoComplete="new-password"
          error={errors.passwordConfirmation?.message}
          {...register('passwordConfirmation')}
        />
        <Button type="submit" fullWidth disabled={!token} isBusy={reset.isPending} busyLabel={t('reset.saving')}>
          {t('reset.submit')}
        </Button>
      </form>

      <Dialog
        open={done}
        onOpenChange={(open) => {
          if (!open) toLogin();
        }}
        popup={POPUP.passwordResetSuccess}
        icon={<CheckIcon size={28} />}
        title={t('reset.successTitle')}
        description={t('reset.successText')}
      >
        <Button fullWidth onClick={toLogin}>
          {t('reset.successButton')}
        </Button>
      </Dialog>
    </div>
  );
}
