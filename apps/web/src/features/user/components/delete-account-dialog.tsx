import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { Button } from '../../../components/ui/button/button.tsx';
import { Dialog, DialogClose, POPUP } from '../../../components/ui/dialog/dialog.tsx';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import { TextField } from '../../../components/ui/text-field/text-field.tsx';
import { TrashIcon } from '../../../components/icons/icons.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useSubmitRulesForm } from '../../../lib/use-submit-rules-form.ts';
import { serverFieldErrors } from '../../../lib/form-rules.ts';
import { useDeleteProfile } from '../api/delete-profile.ts';
import styles from './profile.module.css';

const DELETE_RULES = { password: 'required' };

/** 'Account verwijderen' with the deleteAccount confirmation popup: her password confirms it (issue 26). */
export function DeleteAccountButton({ onDeleted }: { onDeleted: () => void }) {
  const { t, i18n } = useTranslation(['profile', 'common']);
  const [open, setOpen] = useState(false);
  const deletion = useDeleteProfile({ onSuccess: onDeleted });
  const { register, handleSubmit, errors } = useSubmitRulesForm({ rules: DELETE_RULES, locale: i18n.language, defaultValues: { password: '' } });

  const error = deletion.error instanceof ApiError ? deletion.error : null;
  // A wrong password belongs under the field; throttling and other failures above the buttons.
  const refused = serverFieldErrors(error, ['password'] as const).password;
  const passwordError = errors.password?.message ?? refused ?? (error?.code === 'invalid_current_password' ? t('deletePasswordWrong') : undefined);
  const generalError = deletion.isError && error?.code !== 'invalid_current_password' && !refused ? (error?.code === 'too_many_requests' && error.description ? error.description : t('deleteError')) : null;

  return (
    <>
      <Button variant="ghost" className={styles.danger} icon={<TrashIcon size={20} />} onClick={() => setOpen(true)}>
        {t('deleteAccount')}
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          if (deletion.isPending) return;
          setOpen(next);
          if (!next) deletion.reset();
        }}
        popup={POPUP.deleteAccount}
        icon={<TrashIcon size={26} />}
        title={t('deleteTitle')}
        description={t('deleteText')}
      >
        <form className={styles.deleteForm} onSubmit={handleSubmit((values) => deletion.mutate({ password: values.password }))} noValidate>
          <TextField label={t('deletePassword')} hint={t('deletePasswordHint')} type="password" autoComplete="current-password" error={passwordError} {...register('password')} />
          {generalError && (
            <Notice variant="error" role="alert">
              {generalError}
            </Notice>
          )}
          <Button type="submit" variant="danger" fullWidth isBusy={deletion.isPending || deletion.isSuccess} busyLabel={t('deleting')}>
            {t('deleteConfirm')}
          </Button>
          <DialogClose asChild>
            <Button variant="secondary" fullWidth disabled={deletion.isPending}>
              {t('common:cancel')}
            </Button>
          </DialogClose>
        </form>
      </Dialog>
    </>
  );
}
