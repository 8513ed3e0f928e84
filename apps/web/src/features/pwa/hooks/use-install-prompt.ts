import { useCallback, useEffect, useState } from 'react';

type BeforeInstallPromptEvent = Event & {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

/** Captures Chromium's install prompt (Android, Windows) so the app can offer it in its own banner. */
export function useInstallPrompt(): { canInstall: boolean; install: () => Promise<void>; dismiss: () => void } {
  const [event, setEvent] = useState<BeforeInstallPromptEvent | null>(null);

  useEffect(() => {
    const onPrompt = (e: Event) => {
      e.preventDefault();
      setEvent(e as BeforeInstallPromptEvent);
    };
    const onInstalled = () => setEvent(null);
    window.addEventListener('beforeinstallprompt', onPrompt);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      window.removeEventListener('beforeinstallprompt', onPrompt);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);

  const install = useCallback(async () => {
    if (!event) return;
    setEvent(null);
    await event.prompt();
    await event.userChoice.catch(() => undefined);
  }, [event]);

  const dismiss = useCallback(() => setEvent(null), []);

  return { canInstall: event !== null, install, dismiss };
}
