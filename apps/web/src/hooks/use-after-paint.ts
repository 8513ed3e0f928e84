import { useEffect, useState } from 'react';

/** How long a deferred part waits at most for the browser to be idle after the screen's paint. */
export const AFTER_PAINT_IDLE_TIMEOUT_MS = 1_000;

/**
 * True once the screen has been painted (the frame after its commit, its fonts loaded) and the
 * browser is idle (at most a second later): a part of a study screen that is not what she came for (her highlights, "Meld
 * een fout") asks for its code then, so its chunk does not compete with the first paint (issue 43).
 * Idle, not just the next frame: a busy phone shows the painted frame later than it paints it.
 */
export function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let idle = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let cancelled = false;
    const whenIdle = () => {
      if (cancelled) return;
      if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(() => setPainted(true), { timeout: AFTER_PAINT_IDLE_TIMEOUT_MS });
      else timer = setTimeout(() => setPainted(true), 0);
    };
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        frame = 0;
        // the text painted in its own font: a font that arrives later paints the text again, and that
        // later paint is the screen's largest (what she sees settled), so wait for the fonts too
        const fonts = typeof document !== 'undefined' ? document.fonts : undefined;
        if (fonts && fonts.status !== 'loaded') void fonts.ready.then(whenIdle, whenIdle);
        else whenIdle();
      });
    });
    return () => {
      cancelled = true;
      if (frame) cancelAnimationFrame(frame);
      if (idle) cancelIdleCallback(idle);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
