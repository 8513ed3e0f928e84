import { useTranslation } from '../../../lib/i18n.ts';
import { Button } from '../../../components/ui/button/button.tsx';
import { Dialog, DialogClose, POPUP } from '../../../components/ui/dialog/dialog.tsx';

type RedoDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onRedo: () => void;
  isBusy: boolean;
};

/** The redo popup (spec section 4, redoQuestions): clears her answers and starts over. */
export function RedoDialog({ open, onOpenChange, onRedo, isBusy }: RedoDialogProps) {
  const { t } = useTranslation('questions');
  return (
    <Dialog open={open} onOpenChange={onOpenChange} popup={POPUP.redoQuestions} title={t('redo.title')} description={t('redo.text')}>
      <Button fullWidth onClick={onRedo} isBusy={isBusy} busyLabel={t('redo.busy')}>
        {t('redo.confirm')}
      </Button>
      <DialogClose asChild>
        <Button variant="secondary" fullWidth disabled={isBusy}>
          {t('redo.cancel')}
        </Button>
      </DialogClose>
    </Dialog>
  );
}
