import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useMatches, useNavigation } from 'react-router';
import { ToastHost } from '../components/ui/toast/toast.tsx';
import { ApiErrorToast } from '../components/feedback/api-error-toast.tsx';
import { PwaToasts } from '../features/pwa/components/pwa-toasts.tsx';
import { OfflineStatus } from '../features/pwa/components/offline-status.tsx';
import type { AppRouteHandle } from './route-handle.ts';
import { NAMESPACES, useTranslation } from '../lib/i18n.ts';
import styles from './root-layout.module.css';

/** Sets the document title from the deepest route handle that names one. */
function useDocumentTitle(): void {
  const { t } = useTranslation(NAMESPACES);
  const matches = useMatches();
  const titleKey = [...matches].reverse().map((m) => (m.handle as AppRouteHandle | undefined)?.titleKey).find(Boolean);
  useEffect(() => {
    document.title = titleKey ? `${t(titleKey)} – ${t('common:appName')}` : t('common:appName');
  }, [titleKey, t]);
}

/** The root of every screen: the page, the global toasts and the navigation progress bar. */
export function RootLayout() {
  const navigation = useNavigation();
  useDocumentTitle();
  return (
    <>
      <div className={styles.progress} data-active={navigation.state !== 'idle' || undefined} aria-hidden="true" />
      <OfflineStatus />
      <Outlet />
      <PwaToasts />
      <ApiErrorToast />
      <ToastHost />
      <ScrollRestoration />
    </>
  );
}
