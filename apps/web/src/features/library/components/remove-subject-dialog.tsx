import { useTranslation } from '../../../lib/i18n.ts';
import { Button } from '../../../components/ui/button/button.tsx';
import { Dialog, DialogClose } from '../../../components/ui/dialog/dialog.tsx';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import { TrashIcon } from '../../../components/icons/icons.tsx';
import { useRemoveSubject } from '../api/remove-subject.ts';

type RemoveSubjectDialogProps = {
  subject: { id: string; title: string } | null;
  onOpenChange: (open: boolean) => void;
  onRemoved: (title: string) => void;
};

/** Asks before a subject leaves her library (her progress stays; she can add it back). */
export function RemoveSubjectDialog({ subject, onOpenChange, onRemoved }: RemoveSubjectDialogProps) {
  const { t } = useTranslation(['library', 'common']);
  const removal = useRemoveSubject();
  return (
    <Dialog
      open={subject !== null}
      onOpenChange={(open) => {
        if (removal.isPending) return;
        if (!open) removal.reset();
        onOpenChange(open);
      }}
      icon={<TrashIcon size={26} />}
      title={t('remove.title', { title: subject?.title ?? '' })}
      description={t('remove.text')}
    >
      {removal.isError && (
        <Notice variant="error" role="alert">
          {t('remove.error')}
        </Notice>
      )}
      <Button
        variant="danger"
        fullWidth
        isBusy={removal.isPending}
        busyLabel={t('remove.busy')}
        onClick={() => {
          if (!subject) return;
          removal.mutate(subject.id, {
            onSuccess: () => {
              onRemoved(subject.title);
              onOpenChange(false);
            },
          });
        }}
      >
        {t('remove.confirm')}
      </Button>
      <DialogClose asChild>
        <Button variant="secondary" fullWidth disabled={removal.isPending}>
          {t('common:cancel')}
        </Button>
      </DialogClose>
    </Dialog>
  );
}
