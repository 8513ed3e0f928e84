import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button/button.tsx';
import { Dialog, DialogClose, POPUP } from '../../../components/ui/dialog/dialog.tsx';

type QuitDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onQuit: () => void;
};

/** The quit modal (spec section 2, popup quitQuestions): stop now, continue later. */
export function QuitDialog({ open, onOpenChange, onQuit }: QuitDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange} popup={POPUP.quitQuestions} title={t('questions.quit.title')} description={t('questions.quit.text')}>
      <Button variant="danger" fullWidth onClick={onQuit}>
        {t('questions.quit.confirm')}
      </Button>
      <DialogClose asChild>
        <Button variant="secondary" fullWidth>
          {t('questions.quit.cancel')}
        </Button>
      </DialogClose>
    </Dialog>
  );
}
