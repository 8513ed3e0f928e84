import { useTranslation } from '../../../lib/i18n.ts';
import { Button } from '../../../components/ui/button/button.tsx';
import { Dialog, DialogClose, POPUP } from '../../../components/ui/dialog/dialog.tsx';

type QuitDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onQuit: () => void;
};

/** The quit modal (spec section 2, popup quitQuestions): stop now, continue later. */
export function QuitDialog({ open, onOpenChange, onQuit }: QuitDialogProps) {
  const { t } = useTranslation('questions');
  return (
    <Dialog open={open} onOpenChange={onOpenChange} popup={POPUP.quitQuestions} title={t('quit.title')} description={t('quit.text')}>
      <Button variant="danger" fullWidth onClick={onQuit}>
        {t('quit.confirm')}
      </Button>
      <DialogClose asChild>
        <Button variant="secondary" fullWidth>
          {t('quit.cancel')}
        </Button>
      </DialogClose>
    </Dialog>
  );
}
