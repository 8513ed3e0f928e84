import { readKey, writeKey } from './storage.ts';

/** localStorage key of this browser's device id (spec section 3). */
export const DEVICE_ID_KEY = 'device_id';

function randomUuid(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') {
    return crypto.randomUUID();
  }
  // crypto.randomUUID only exists in secure contexts; fall back to an RFC 4122 v4 id built from
  // getRandomValues (available everywhere) so plain-http LAN testing still works.
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The stored device id, or null when this browser never had one. */
export function getStoredDeviceId(): string | null {
  return readKey(DEVICE_ID_KEY);
}

/**
 * This browser's device id: generated once with crypto.randomUUID() and kept across sign-outs,
 * because it names the browser, not the session.
 */
export function getDeviceId(): string {
  const existing = getStoredDeviceId();
  if (existing) return existing;
  const id = randomUuid();
  writeKey(DEVICE_ID_KEY, id);
  return id;
}
