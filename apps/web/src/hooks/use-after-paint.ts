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
    let observer: PerformanceObserver | undefined;
    let waitTimer: ReturnType<typeof setTimeout> | undefined;
    const mountedAt = performance.now();
    const whenIdle = () => {
      if (cancelled) return;
      if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(() => setPainted(true), { timeout: AFTER_PAINT_IDLE_TIMEOUT_MS });
      else timer = setTimeout(() => setPainted(true), 0);
    };
    // A busy phone runs the frame's callbacks before it shows the frame: where the browser reports
    // its largest paint, wait for the report of a paint after this screen mounted (at most a second).
    const whenShown = () => {
      if (cancelled) return;
      const lcp = typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint');
      if (!lcp) return whenIdle();
      let done = false;
      const go = () => {
        if (done) return;
        done = true;
        observer?.disconnect();
        clearTimeout(waitTimer);
        whenIdle();
      };
      observer = new PerformanceObserver((list) => {
        if (list.getEntries().some((e) => ((e as PerformanceEntry & { renderTime?: number }).renderTime || e.startTime) >= mountedAt)) go();
      });
      observer.observe({ type: 'largest-contentful-paint', buffered: true });
      waitTimer = setTimeout(go, AFTER_PAINT_IDLE_TIMEOUT_MS);
    };
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        frame = 0;
        // the text painted in its own font: a font that arrives later paints the text again, and that
        // later paint is the screen's largest (what she sees settled), so wait for the fonts too
        const fonts = typeof document !== 'undefined' ? document.fonts : undefined;
        if (fonts && fonts.status !== 'loaded') void fonts.ready.then(whenShown, whenShown);
        else whenShown();
      });
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
      clearTimeout(waitTimer);
      if (frame) cancelAnimationFrame(frame);
      if (idle) cancelIdleCallback(idle);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
