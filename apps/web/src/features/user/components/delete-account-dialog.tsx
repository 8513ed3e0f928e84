import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { Button } from '../../../components/ui/button/button.tsx';
import { Dialog, DialogClose, POPUP } from '../../../components/ui/dialog/dialog.tsx';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import { TrashIcon } from '../../../components/icons/icons.tsx';
import { useDeleteProfile } from '../api/delete-profile.ts';
import styles from './profile.module.css';

/** 'Account verwijderen' with the deleteAccount confirmation popup. */
export function DeleteAccountButton({ onDeleted }: { onDeleted: () => void }) {
  const { t } = useTranslation(['profile', 'common']);
  const [open, setOpen] = useState(false);
  const deletion = useDeleteProfile({ onSuccess: onDeleted });

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
        {deletion.isError && (
          <Notice variant="error" role="alert">
            {t('deleteError')}
          </Notice>
        )}
        <Button
          variant="danger"
          fullWidth
          isBusy={deletion.isPending || deletion.isSuccess}
          busyLabel={t('deleting')}
          onClick={() => deletion.mutate()}
        >
          {t('deleteConfirm')}
        </Button>
        <DialogClose asChild>
          <Button variant="secondary" fullWidth disabled={deletion.isPending}>
            {t('common:cancel')}
          </Button>
        </DialogClose>
      </Dialog>
    </>
  );
}
