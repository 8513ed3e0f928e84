import { useCallback, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FORM_MODE, rulesResolver, toReactHookFormMode, type FieldRules } from '@blok/contract/validation/index';
import { paths } from '../../../config/paths.ts';
import { Button } from '../../../components/ui/button/button.tsx';
import { Dialog, POPUP } from '../../../components/ui/dialog/dialog.tsx';
import { TextField } from '../../../components/ui/text-field/text-field.tsx';
import { CheckIcon } from '../../../components/icons/icons.tsx';
import type { LoginLocationState } from './login-screen.tsx';
import styles from './auth-form.module.css';

type ResetValues = { password: string; passwordConfirmation: string };
const RESET_RULES: FieldRules = {
  password: 'required|passwordSecurity',
  passwordConfirmation: 'required|passwordConfirm:@password',
};

/** After the success popup opens, the screen moves on to login by itself after this long. */
export const RESET_REDIRECT_MS = 3000;

/**
 * Reset password, stubbed locally like the forgot-password request (spec section 7): the new
 * password is validated, the success popup shows, then login opens with the password-changed
 * notice.
 */
export function ResetPasswordScreen() {
  const { t, i18n } = useTranslation('auth');
  const navigate = useNavigate();
  const [done, setDone] = useState(false);
  const {
    register,
    handleSubmit,
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
      <form className={styles.form} onSubmit={handleSubmit(() => setDone(true))} noValidate>
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
        <Button type="submit" fullWidth>
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
