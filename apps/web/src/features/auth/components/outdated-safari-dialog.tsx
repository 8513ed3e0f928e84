import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { Button } from '../../../components/ui/button/button.tsx';
import { Dialog, DialogClose, POPUP } from '../../../components/ui/dialog/dialog.tsx';
import { AlertIcon } from '../../../components/icons/icons.tsx';
import { readKey, writeKey } from '../../../lib/storage.ts';
import { isOutdatedSafari } from '../utils/safari.ts';

const DISMISSED_KEY = 'outdated_safari_dismissed';

/** Warns users of Safari below 17 once per browser session (spec section 2, Login). */
export function OutdatedSafariDialog({ userAgent = navigator.userAgent }: { userAgent?: string }) {
  const { t } = useTranslation('auth');
  const [open, setOpen] = useState(() => isOutdatedSafari(userAgent) && readKey(DISMISSED_KEY, 'session') !== '1');

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) writeKey(DISMISSED_KEY, '1', 'session');
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      popup={POPUP.outdatedSafari}
      icon={<AlertIcon size={28} />}
      title={t('login.safariTitle')}
      description={t('login.safariText')}
    >
      <DialogClose asChild>
        <Button fullWidth>{t('login.safariButton')}</Button>
      </DialogClose>
    </Dialog>
  );
}
