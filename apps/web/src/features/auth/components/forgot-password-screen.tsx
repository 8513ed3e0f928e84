import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
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
import { useRequestResetLink } from '../api/password-reset.ts';
import styles from './auth-form.module.css';

type ForgotValues = { email: string };
const FORGOT_RULES: FieldRules = { email: { rules: 'required|email', inputType: 'email' } };

/**
 * Forgot password: asks the API to mail a reset link. The 'Link verzonden' popup appears whether or
 * not the address has an account (the API answers alike), then leads back to login.
 */
export function ForgotPasswordScreen() {
  const { t, i18n } = useTranslation('auth');
  const navigate = useNavigate();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ForgotValues>({
    ...toReactHookFormMode(FORM_MODE.submit),
    resolver: rulesResolver<ForgotValues>(FORGOT_RULES),
    context: { locale: i18n.language },
    defaultValues: { email: '' },
  });

  const request = useRequestResetLink();
  const onSubmit = handleSubmit(({ email }) =>
    request.mutate(
      { email: email.trim() },
      {
        onSuccess: () => setSentTo(email.trim()),
        // A refused address: its rule's Dutch message under the field (issue 26).
        onError: (error) => {
          const refused = serverFieldErrors(error, ['email'] as const).email;
          if (refused) setError('email', { message: refused });
        },
      },
    ),
  );
  const requestError =
    request.error instanceof ApiError && request.error.code === 'too_many_requests' && request.error.description
      ? request.error.description
      : t('forgot.error');
  const backToLogin = () => void navigate(paths.auth.login.getHref());

  return (
    <div className={styles.screen}>
      <div className={styles.heading}>
        <h1>{t('forgot.title')}</h1>
        <p className={styles.intro}>{t('forgot.intro')}</p>
      </div>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <TextField
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={t('fields.emailPlaceholder')}
          error={errors.email?.message}
          {...register('email')}
        />
        {request.isError && !serverFieldErrors(request.error, ['email'] as const).email && (
          <Notice variant="error" role="alert">
            {requestError}
          </Notice>
        )}
        <Button type="submit" fullWidth isBusy={request.isPending} busyLabel={t('forgot.sending')}>
          {t('forgot.submit')}
        </Button>
      </form>
      <p className={styles.footer}>
        <Link to={paths.auth.login.getHref()}>{t('forgot.backToLogin')}</Link>
      </p>

      <Dialog
        open={sentTo !== null}
        onOpenChange={(open) => {
          if (!open) backToLogin();
        }}
        popup={POPUP.sentResetLink}
        icon={<CheckIcon size={28} />}
        title={t('forgot.sentTitle')}
        description={t('forgot.sentText', { email: sentTo ?? '' })}
      >
        <Button fullWidth onClick={backToLogin}>
          {t('forgot.sentButton')}
        </Button>
      </Dialog>
    </div>
  );
}
