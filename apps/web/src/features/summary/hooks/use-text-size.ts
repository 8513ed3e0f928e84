import { useCallback, useEffect, useState } from 'react';
import { readKey, writeKey } from '../../../lib/storage.ts';

/** Reader text sizes, as a factor of the base size. */
export const TEXT_SCALES = [0.875, 1, 1.125, 1.25, 1.375, 1.5] as const;
const DEFAULT_INDEX = 1;
export const TEXT_SIZE_KEY = 'blok_reader_text_size';

/**
 * The cookie that tells the server her text size, so her chapter rendered into the page (decision 048)
 * has her size from its first paint. Only the size's index; localStorage stays the reader's truth.
 */
export const TEXT_SIZE_COOKIE = 'blok_text_size';
const YEAR_S = 365 * 24 * 3600;

function shareWithServer(index: number): void {
  if (typeof document === 'undefined') return;
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  document.cookie =
    index === DEFAULT_INDEX
      ? `${TEXT_SIZE_COOKIE}=; Path=/; Max-Age=0; SameSite=Strict${secure}`
      : `${TEXT_SIZE_COOKIE}=${index}; Path=/; Max-Age=${YEAR_S}; SameSite=Strict${secure}`;
}

function storedIndex(): number {
  const raw = readKey(TEXT_SIZE_KEY);
  const value = raw === null ? NaN : Number(raw);
  return Number.isInteger(value) && value >= 0 && value < TEXT_SCALES.length ? value : DEFAULT_INDEX;
}


/** The reader's adjustable text size, remembered on this device. */
export function useTextSize() {
  const [index, setIndex] = useState(storedIndex);
  // the cookie follows her size (a size chosen before the cookie existed too, from this opening on)
  useEffect(() => shareWithServer(index), [index]);
  const change = useCallback((delta: number) => {
    setIndex((current) => {
      const next = Math.max(0, Math.min(TEXT_SCALES.length - 1, current + delta));
      writeKey(TEXT_SIZE_KEY, String(next));
      return next;
    });
  }, []);
  return {
    scale: TEXT_SCALES[index]!,
    percent: Math.round(TEXT_SCALES[index]! * 100),
    canDecrease: index > 0,
    canIncrease: index < TEXT_SCALES.length - 1,
    decrease: () => change(-1),
    increase: () => change(1),
  };
}
