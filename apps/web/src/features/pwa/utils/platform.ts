import { env } from '../../../config/env.ts';

/** Inside Blok's own native wrapper (user-agent match): install and update toasts stay hidden. */
export function isNativeWrapper(userAgent: string = navigator.userAgent): boolean {
  return env.NATIVE_WRAPPER_UA.test(userAgent);
}

export function isIPhone(userAgent: string = navigator.userAgent): boolean {
  return /iPhone|iPod/.test(userAgent);
}

/** Running as an installed app (home-screen icon) rather than in a browser tab. */
export function isStandalone(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  const displayStandalone = typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches;
  return iosStandalone || displayStandalone;
}

/** The Network Information API (Chromium only; absent elsewhere). */
export type NetworkInformationLike = EventTarget & { effectiveType?: string };

export function getConnection(): NetworkInformationLike | undefined {
  return (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
}

/** Slow = the browser reports an effective connection type other than 4g (spec section 2). */
export function isSlowConnection(connection: NetworkInformationLike | undefined = getConnection()): boolean {
  return Boolean(connection?.effectiveType) && connection?.effectiveType !== '4g';
}
