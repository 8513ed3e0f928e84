import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { Toast } from '../../../components/ui/toast/toast.tsx';
import { DownloadIcon, RefreshIcon, ShareIcon, WifiOffIcon } from '../../../components/icons/icons.tsx';
import { readKey, writeKey } from '../../../lib/storage.ts';
import { useInstallPrompt } from '../hooks/use-install-prompt.ts';
import { useNetworkStatus } from '../hooks/use-network-status.ts';
import { useServiceWorkerUpdate } from '../hooks/use-service-worker-update.ts';
import { useUpgradeBlocked } from '../hooks/use-upgrade-blocked.ts';
import { isIPhone, isNativeWrapper, isStandalone } from '../utils/platform.ts';

const INSTALL_DISMISSED_KEY = 'install_banner_dismissed';
/** How long the offline toast stays; the offline strip stays as long as the connection is gone. */
const OFFLINE_TOAST_MS = 6000;

/**
 * The global toasts of spec section 2: update available, offline, slow network and the install
 * banners. None of them shows inside the native wrapper.
 */
export function PwaToasts({ userAgent = navigator.userAgent }: { userAgent?: string }) {
  if (isNativeWrapper(userAgent)) return null;
  return <BrowserToasts userAgent={userAgent} />;
}

function BrowserToasts({ userAgent }: { userAgent: string }) {
  const { t } = useTranslation('pwa');
  const { updateAvailable, applyUpdate } = useServiceWorkerUpdate();
  const { online, slow } = useNetworkStatus();
  const installPrompt = useInstallPrompt();
  const upgradeBlocked = useUpgradeBlocked();
  const [slowDismissed, setSlowDismissed] = useState(false);
  const [installDismissed, setInstallDismissed] = useState(() => readKey(INSTALL_DISMISSED_KEY, 'session') === '1');
  const [updateDismissed, setUpdateDismissed] = useState(false);
  // Each loss of the connection shows the offline toast once.
  const [offlineSince, setOfflineSince] = useState(0);
  const [offlineDismissedAt, setOfflineDismissedAt] = useState(-1);
  const [wasOnline, setWasOnline] = useState(online);
  if (wasOnline !== online) {
    setWasOnline(online);
    if (!online) setOfflineSince((n) => n + 1);
  }

  const dismissInstall = () => {
    writeKey(INSTALL_DISMISSED_KEY, '1', 'session');
    setInstallDismissed(true);
    installPrompt.dismiss();
  };

  const showIosBanner = !installDismissed && isIPhone(userAgent) && !isStandalone();
  const showInstallBanner = !installDismissed && installPrompt.canInstall;

  return (
    <>
      <Toast
        open={updateAvailable && !updateDismissed}
        onOpenChange={(open) => !open && setUpdateDismissed(true)}
        icon={<RefreshIcon size={22} />}
        title={t('updateTitle')}
        action={{ label: t('updateAction'), onClick: applyUpdate }}
      />
      <Toast
        // Stays until the other tab is closed: until then nothing she does offline can be saved.
        open={upgradeBlocked}
        onOpenChange={() => undefined}
        closable={false}
        type="foreground"
        variant="warning"
        icon={<RefreshIcon size={22} />}
        title={t('upgradeBlocked')}
        description={t('upgradeBlockedText')}
      />
      <Toast
        open={!online && offlineDismissedAt !== offlineSince}
        onOpenChange={(open) => !open && setOfflineDismissedAt(offlineSince)}
        variant="warning"
        icon={<WifiOffIcon size={22} />}
        title={t('offline')}
        description={t('offlineText')}
        // It tells, then goes: the strip at the top (offline-status.tsx) stays while she is offline,
        // and the buttons at the bottom of the screen (flashcards, answers) must stay reachable.
        duration={OFFLINE_TOAST_MS}
        type="foreground"
      />
      <Toast
        open={online && slow && !slowDismissed}
        onOpenChange={(open) => !open && setSlowDismissed(true)}
        variant="warning"
        icon={<WifiOffIcon size={22} />}
        title={t('slow')}
        duration={8000}
      />
      <Toast
        open={showIosBanner}
        onOpenChange={(open) => !open && dismissInstall()}
        icon={<ShareIcon size={22} />}
        title={t('iosInstall')}
      />
      <Toast
        open={showInstallBanner}
        onOpenChange={(open) => !open && dismissInstall()}
        icon={<DownloadIcon size={22} />}
        title={t('androidInstall')}
        description={t('androidInstallText')}
        secondaryAction={{ label: t('notNow'), onClick: dismissInstall }}
        action={{ label: t('install'), onClick: () => void installPrompt.install() }}
      />
    </>
  );
}
