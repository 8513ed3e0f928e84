import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n.ts';
import { FORM_MODE, type FieldRules } from '@blok/contract/validation/index';
import { rulesResolver, serverFieldErrors, toReactHookFormMode } from '../../../lib/form-rules.ts';
import { Button } from '../../../components/ui/button/button.tsx';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import { TextField } from '../../../components/ui/text-field/text-field.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useChangePassword } from '../api/change-password.ts';
import { Card } from '../../../components/ui/card/card.tsx';
import styles from './profile.module.css';
import { MAX_PASSWORD_LENGTH } from '@blok/contract/auth-constants';

type PasswordValues = { currentPassword: string; newPassword: string; newPasswordConfirmation: string };
const PASSWORD_FIELDS = ['currentPassword', 'newPassword', 'newPasswordConfirmation'] as const;
const PASSWORD_RULES: FieldRules = {
  currentPassword: 'required',
  newPassword: `required|maxLength:${MAX_PASSWORD_LENGTH}|passwordSecurity`,
  newPasswordConfirmation: 'required|passwordConfirm:@newPassword',
};

/** Current password, new password (passwordSecurity) and its confirmation (passwordConfirm). */
export function ChangePasswordForm() {
  const { t, i18n } = useTranslation('profile');
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<PasswordValues>({
    ...toReactHookFormMode(FORM_MODE.submit),
    resolver: rulesResolver<PasswordValues>(PASSWORD_RULES),
    context: { locale: i18n.language },
    defaultValues: { currentPassword: '', newPassword: '', newPasswordConfirmation: '' },
  });

  const onSubmit = handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: () => reset(),
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'invalid_current_password') {
          setError('currentPassword', { message: error.description });
        } else if (error instanceof ApiError && (error.code === 'weak_password' || error.code === 'password_too_long')) {
          setError('newPassword', { message: error.description });
        }
        // A field the server refused: its rule's Dutch message under that field (issue 26).
        const fields = serverFieldErrors(error, PASSWORD_FIELDS);
        for (const field of PASSWORD_FIELDS) if (fields[field]) setError(field, { message: fields[field] });
      },
    }),
  );

  const fieldError =
    change.error instanceof ApiError &&
    (['invalid_current_password', 'weak_password', 'password_too_long'].includes(change.error.code) || Object.keys(serverFieldErrors(change.error, PASSWORD_FIELDS)).length > 0);
  const generalError = change.error instanceof ApiError && change.error.description ? change.error.description : t('password.error');

  return (
    <Card as="section" spacious aria-labelledby="profile-password-heading">
      <h2 id="profile-password-heading" className={styles.panelTitle}>
        {t('password.title')}
      </h2>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <TextField label={t('password.current')} type="password" autoComplete="current-password" error={errors.currentPassword?.message} {...register('currentPassword')} />
        <TextField
          label={t('password.new')}
          type="password"
          autoComplete="new-password"
          hint={t('password.hint')}
          error={errors.newPassword?.message}
          {...register('newPassword')}
        />
        <TextField
          label={t('password.confirm')}
          type="password"
          autoComplete="new-password"
          error={errors.newPasswordConfirmation?.message}
          {...register('newPasswordConfirmation')}
        />
        <div aria-live="polite">{change.isSuccess && <Notice variant="success">{t('password.saved')}</Notice>}</div>
        {change.isError && !fieldError && (
          <Notice variant="error" role="alert">
            {generalError}
          </Notice>
        )}
        <Button type="submit" variant="secondary" fullWidth isBusy={change.isPending} busyLabel={t('password.saving')}>
          {t('password.submit')}
        </Button>
      </form>
    </Card>
  );
}
