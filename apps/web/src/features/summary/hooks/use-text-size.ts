import { useCallback, useState } from 'react';
import { readKey, writeKey } from '../../../lib/storage.ts';

/** Reader text sizes, as a factor of the base size. */
export const TEXT_SCALES = [0.875, 1, 1.125, 1.25, 1.375, 1.5] as const;
const DEFAULT_INDEX = 1;
export const TEXT_SIZE_KEY = 'blok_reader_text_size';

function storedIndex(): number {
  const raw = readKey(TEXT_SIZE_KEY);
  const value = raw === null ? NaN : Number(raw);
  return Number.isInteger(value) && value >= 0 && value < TEXT_SCALES.length ? value : DEFAULT_INDEX;
}

/** The reader's adjustable text size, remembered on this device. */
export function useTextSize() {
  const [index, setIndex] = useState(storedIndex);
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
