import { useCallback, useEffect, useRef, useState } from 'react';
import type { Workbox } from 'workbox-window';
import { env } from '../../../config/env.ts';

/** How often an open app asks the server for a new service worker (spec section 9). */
export const SW_UPDATE_INTERVAL_MS = 120_000;
/** How long the registration waits at most for the browser to be idle. */
export const SW_REGISTER_IDLE_TIMEOUT_MS = 3_000;

let reloading = false;

/**
 * Registers the service worker (prompt mode) and reports when an update is waiting.
 * `applyUpdate` tells the waiting worker to take over; the page reloads once on controllerchange.
 */
export function useServiceWorkerUpdate(): { updateAvailable: boolean; applyUpdate: () => void } {
  const [updateAvailable, setUpdateAvailable] = useState(false);
  const workbox = useRef<Workbox | null>(null);

  useEffect(() => {
    if (!env.ENABLE_SERVICE_WORKER || !('serviceWorker' in navigator)) return;
    let cancelled = false;
    let timer: ReturnType<typeof setInterval> | undefined;

    const onControllerChange = () => {
      if (reloading) return;
      reloading = true;
      window.location.reload();
    };
    navigator.serviceWorker.addEventListener('controllerchange', onControllerChange);

    // Its code is asked for once the browser is idle (issue 43, decision 048), not among the tasks of
    // the app's start: nothing of it is the first screen's, and workbox-window registers the worker
    // only once the page has loaded anyway. (Safari without requestIdleCallback: the next task.)
    const whenIdle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 0));
    whenIdle(() => {
      if (cancelled) return;
      import('workbox-window')
        .then(async ({ Workbox }) => {
          if (cancelled) return;
          const wb = new Workbox('/sw.js', { scope: '/' });
          workbox.current = wb;
          wb.addEventListener('waiting', () => setUpdateAvailable(true));
          const registration = await wb.register();
          if (!registration || cancelled) return;
          timer = setInterval(() => {
            if (navigator.onLine) registration.update().catch(() => undefined);
          }, SW_UPDATE_INTERVAL_MS);
        })
        .catch((error: unknown) => console.warn('Service worker registration failed', error));
    }, { timeout: SW_REGISTER_IDLE_TIMEOUT_MS });

    return () => {
      cancelled = true;
      if (timer) clearInterval(timer);
      navigator.serviceWorker.removeEventListener('controllerchange', onControllerChange);
    };
  }, []);

  const applyUpdate = useCallback(() => {
    setUpdateAvailable(false);
    workbox.current?.messageSkipWaiting();
  }, []);

  return { updateAvailable, applyUpdate };
}
