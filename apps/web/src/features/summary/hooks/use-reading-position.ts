import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ChapterContent, SummaryDetail } from '@blok/contract/library';
import { chapterQueryKey } from '../api/get-chapter.ts';
import { saveProgress } from '../api/save-progress.ts';
import { summaryQueryOptions } from '../api/get-summary.ts';

/** Wait this long after the last scroll before saving. */
export const SAVE_DEBOUNCE_MS = 1500;
/** Only save when she moved at least this far. */
const MIN_CHANGE = 0.01;
/** How long the save of the chapter she opened waits at most for the browser to be idle. */
export const OPEN_SAVE_IDLE_TIMEOUT_MS = 1000;

// Saves go out one after another: leaving chapter 1 and opening chapter 2 must reach the server in
// that order, or chapter 1 would become her place again.
let queue: Promise<unknown> = Promise.resolve();
function enqueue(task: () => Promise<unknown>): void {
  queue = queue.then(task, task).catch(() => undefined);
}

/** How far down the page she is: 0 at the top, 1 at the end. */
export function currentScrollPosition(): number {
  const max = document.documentElement.scrollHeight - window.innerHeight;
  if (max <= 0) return 0;
  return Math.min(1, Math.max(0, window.scrollY / max));
}

export function scrollToPosition(position: number): void {
  const max = document.documentElement.scrollHeight - window.innerHeight;
  if (max > 0) window.scrollTo({ top: Math.round(position * max), behavior: 'instant' as ScrollBehavior });
}

/**
 * Resumes where she left off in a chapter and saves her place while she reads: debounced while
 * scrolling, at once when she leaves the chapter or the page. Returns the live position (0..1).
 */
export function useReadingPosition({ summaryId, chapterId, initialPosition }: { summaryId: string; chapterId: string; initialPosition: number }) {
  const queryClient = useQueryClient();
  const [position, setPosition] = useState(initialPosition);
  const saved = useRef(initialPosition);
  const latest = useRef(initialPosition);

  // Leaving the chapter: measure while its text is still on the page. (The next screen resets the
  // scroll, and that scroll event can arrive before the effect below is cleaned up.)
  const leaving = useRef(false);
  useLayoutEffect(() => {
    leaving.current = false;
    return () => {
      latest.current = currentScrollPosition();
      leaving.current = true;
    };
  }, [summaryId, chapterId]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let frame = 0;
    let userMoved = false;

    // Opening a chapter makes it her place in the summary (and marks the previous one read): once the
    // browser is idle after the chapter's first render (issue 43: the write, its queue and its call
    // were among the app's start), at the latest when any other save goes or she leaves.
    let opened = false;
    const open = () => {
      if (!opened) save(initialPosition);
    };

    const save = (value: number) => {
      opened = true;
      saved.current = value;
      enqueue(async () => {
        try {
          const sent = await saveProgress(summaryId, { chapterId, position: value });
          // Offline the place waits in the outbox; the cache keeps what she sees.
          if (sent.status === 'queued') return;
          const result = sent.data;
          queryClient.setQueryData<ChapterContent>(chapterQueryKey(summaryId, chapterId), (old) =>
            old ? { ...old, position: result.position, isRead: result.isRead } : old,
          );
          // The summary is fetched again whenever it is shown (read states); its place is known now.
          queryClient.setQueryData<SummaryDetail>(summaryQueryOptions(summaryId).queryKey, (old) =>
            old ? { ...old, progress: { chapterId, position: result.position, updatedAt: result.updatedAt } } : old,
          );
        } catch {
          // Saving is best effort; the next scroll or visit tries again.
        }
      });
    };

    const flush = () => {
      open();
      clearTimeout(timer);
      timer = undefined;
      if (Math.abs(latest.current - saved.current) >= MIN_CHANGE) save(latest.current);
    };

    const onScroll = () => {
      if (leaving.current) return;
      latest.current = currentScrollPosition();
      clearTimeout(timer);
      timer = setTimeout(flush, SAVE_DEBOUNCE_MS);
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setPosition(latest.current));
    };

    // Resume: after the layout's own focus and scroll handling of this navigation.
    const restore = () => {
      if (!userMoved && initialPosition > 0) scrollToPosition(initialPosition);
    };
    const restoreFrame = requestAnimationFrame(() => requestAnimationFrame(restore));
    // Pictures above her place push the text down as they load: follow them until she scrolls herself.
    const onImageLoad = (event: Event) => {
      if (event.target instanceof HTMLImageElement) restore();
    };
    const markMoved = () => {
      userMoved = true;
    };
    document.addEventListener('load', onImageLoad, true);
    const interactions = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
    for (const type of interactions) window.addEventListener(type, markMoved, { passive: true });
    const stopFollowingImages = setTimeout(markMoved, 5000);

    const openIdle = typeof requestIdleCallback === 'function' ? requestIdleCallback(open, { timeout: OPEN_SAVE_IDLE_TIMEOUT_MS }) : 0;
    const openTimer = openIdle ? undefined : setTimeout(open, 0);

    const onHide = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', flush);

    return () => {
      if (openIdle) cancelIdleCallback(openIdle);
      clearTimeout(openTimer);
      flush();
      cancelAnimationFrame(frame);
      cancelAnimationFrame(restoreFrame);
      clearTimeout(stopFollowingImages);
      window.removeEventListener('scroll', onScroll);
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('load', onImageLoad, true);
      for (const type of interactions) window.removeEventListener(type, markMoved);
    };
    // One run per chapter visit: initialPosition is read once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [summaryId, chapterId, queryClient]);

  return position;
}
