import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FORM_MODE, rulesResolver, toReactHookFormMode, type FieldRules } from '@blok/contract/validation/index';
import { paths } from '../../../config/paths.ts';
import { Button } from '../../../components/ui/button/button.tsx';
import { Dialog, POPUP } from '../../../components/ui/dialog/dialog.tsx';
import { TextField } from '../../../components/ui/text-field/text-field.tsx';
import { CheckIcon } from '../../../components/icons/icons.tsx';
import styles from './auth-form.module.css';

type ForgotValues = { email: string };
const FORGOT_RULES: FieldRules = { email: { rules: 'required|email', inputType: 'email' } };

/**
 * Forgot password. Per the spec this flow is stubbed locally: no request is sent, the
 * 'Link verzonden' popup confirms and leads back to login.
 */
export function ForgotPasswordScreen() {
  const { t, i18n } = useTranslation('auth');
  const navigate = useNavigate();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotValues>({
    ...toReactHookFormMode(FORM_MODE.submit),
    resolver: rulesResolver<ForgotValues>(FORGOT_RULES),
    context: { locale: i18n.language },
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(({ email }) => setSentTo(email.trim()));
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
        <Button type="submit" fullWidth>
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
