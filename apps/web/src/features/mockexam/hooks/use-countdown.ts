import { useEffect, useRef, useState } from 'react';

/** Minutes left at which the time is announced to screen readers (not every second). */
export const ANNOUNCE_AT_MINUTES = [1, 5, 10] as const;

/** Whole seconds from now until a deadline on this device's clock (never negative). */
const leftUntil = (deadlineMs: number) => Math.max(0, Math.ceil((deadlineMs - Date.now()) / 1000));

/**
 * Counts down to the exam's deadline. The deadline is anchored once, from the server's
 * `secondsLeft` when the exam arrived (so a wrong clock on the phone does not matter); the server
 * keeps the real time and refuses late answers anyway. `announcement` changes only at the start,
 * at 10, 5 and 1 minutes left (the smallest mark passed) and at the end: for a polite live region.
 */
export function useCountdown(secondsLeftAtLoad: number, onExpire: () => void) {
  const [deadlineMs] = useState(() => Date.now() + secondsLeftAtLoad * 1000);
  const [left, setLeft] = useState(() => leftUntil(deadlineMs));
  const [announcedMinutes, setAnnouncedMinutes] = useState<number | null>(null);
  const expired = useRef(false);
  const onExpireRef = useRef(onExpire);
  useEffect(() => {
    onExpireRef.current = onExpire;
  }, [onExpire]);

  useEffect(() => {
    const tick = () => {
      const now = leftUntil(deadlineMs);
      setLeft(now);
      const threshold = ANNOUNCE_AT_MINUTES.find((m) => now <= m * 60 && now > 0 && secondsLeftAtLoad > m * 60);
      if (threshold !== undefined) setAnnouncedMinutes((prev) => (prev === null || threshold < prev ? threshold : prev));
      if (now === 0 && !expired.current) {
        expired.current = true;
        onExpireRef.current();
      }
    };
    tick();
    const id = window.setInterval(tick, 1000);
    return () => window.clearInterval(id);
  }, [deadlineMs, secondsLeftAtLoad]);

  return { secondsLeft: left, announcedMinutes, expired: left === 0 };
}

/** mm:ss (or h:mm:ss from an hour) for the visible timer. */
export function formatClock(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const mm = String(m).padStart(h > 0 ? 2 : 1, '0');
  return `${h > 0 ? `${h}:` : ''}${mm}:${String(s).padStart(2, '0')}`;
}
