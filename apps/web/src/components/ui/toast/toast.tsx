import { Suspense, lazy, useEffect, useId, useState, useSyncExternalStore, type ComponentType } from 'react';
import type { ToastProps } from './radix-toast.tsx';

export type { ToastProps, ToastVariant } from './radix-toast.tsx';

/**
 * Toasts without Radix on a first visit (decision 014). A `<Toast>` only registers what it shows;
 * `<ToastHost>` (once, in the root layout) loads Radix Toast when the first toast opens and renders
 * every registered toast there, in one Radix provider and region. Until then nothing is loaded: the
 * toasts of a first visit (offline, install, update, an API error) are rare. The chunk is fetched at
 * her first tap or key press (or after TOAST_PREFETCH_MS), and it is in the service worker's
 * precache, so the offline toast shows offline too.
 */

/** In the order the toasts were first registered (a new one is appended, an update keeps its place). */
type Entry = { id: string; props: ToastProps };

let entries: readonly Entry[] = [];
const listeners = new Set<() => void>();

function publish(next: readonly Entry[]): void {
  entries = next;
  listeners.forEach((listener) => listener());
}

function register(id: string, props: ToastProps): void {
  const current = entries.find((entry) => entry.id === id);
  if (current) {
    if (current.props === props) return;
    publish(entries.map((entry) => (entry.id === id ? { ...entry, props } : entry)));
  } else {
    publish([...entries, { id, props }]);
  }
}

function unregister(id: string): void {
  if (entries.some((entry) => entry.id === id)) publish(entries.filter((entry) => entry.id !== id));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** One toast: shown by the ToastHost; props as Radix Toast's (open, title, actions, duration…). */
export function Toast(props: ToastProps) {
  const id = useId();
  useEffect(() => register(id, props));
  useEffect(() => () => unregister(id), [id]);
  return null;
}

const noToasts: ComponentType<{ toasts: readonly Entry[] }> = () => null;

/** Radix Toast's chunk; a failed load shows no toasts now and is tried again at the next one. */
function loadLayer() {
  return lazy(
    (): Promise<{ default: ComponentType<{ toasts: readonly Entry[] }> }> =>
      import('./radix-toast.tsx').catch(() => {
        layer = loadLayer();
        return { default: noToasts };
      }),
  );
}
let layer = loadLayer();

/**
 * When the chunk is fetched ahead of the first toast: at her first tap or key press, or after this
 * long, whichever comes first. Not part of the first screen, but there before she goes offline on a
 * first visit (before the service worker has precached it), when the offline toast needs it.
 */
export const TOAST_PREFETCH_MS = 10_000;

function usePrefetchLayer(): void {
  useEffect(() => {
    const prefetch = () => {
      stop();
      import('./radix-toast.tsx').catch(() => undefined);
    };
    const timer = setTimeout(prefetch, TOAST_PREFETCH_MS);
    const events = ['pointerdown', 'keydown'] as const;
    function stop() {
      clearTimeout(timer);
      events.forEach((event) => window.removeEventListener(event, prefetch, true));
    }
    events.forEach((event) => window.addEventListener(event, prefetch, { capture: true, passive: true }));
    return stop;
  }, []);
}

/** Where the toasts appear: the Radix region, loaded with the first toast that opens. */
export function ToastHost() {
  usePrefetchLayer();
  const toasts = useSyncExternalStore(subscribe, () => entries, () => entries);
  const [needed, setNeeded] = useState(false);
  const anyOpen = toasts.some((entry) => entry.props.open);
  if (anyOpen && !needed) setNeeded(true);
  if (!needed) return null;
  const Layer = layer;
  return (
    <Suspense fallback={null}>
      <Layer toasts={toasts} />
    </Suspense>
  );
}
