import { useEffect, type RefObject } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { COURSE_PAGES_READ_MAX } from '@blok/contract/courses';
import { PAGE_IN_VIEW_SHARE, PAGE_READ_SECONDS } from '@blok/domain/course-plan';
import { markPagesRead } from '../api/mark-read.ts';
import { courseKeys } from '../api/keys.ts';
import { PageDwell, pageInView } from '../utils/page-dwell.ts';

/** How often the pages in view are looked at. */
const TICK_MS = 500;
/** Pages read are sent at most this often while she reads (and when she leaves, and at a batch's size). */
export const PAGES_READ_FLUSH_MS = 10_000;
const BATCH_PAGES = 20;

/** A page is drawn once pdf.js painted its canvas (its text layer beside it): a page still blank is not read. */
const drawn = (slot: HTMLElement | undefined) => {
  const canvas = slot?.querySelector('canvas');
  return !!canvas && canvas.width > 0;
};

/**
 * Reports the pages of her PDF she reads (issue 41, decision 039's addendum): a page counts once it
 * was in view (half of it, or half of the view) and drawn for PAGE_READ_SECONDS without a break while
 * the tab was visible. Pages go out in batches (every 10 s, 20 at a time, and when she leaves the PDF
 * or the tab) through the outbox; each page once per visit. `slots` are the viewer's page boxes.
 */
export function usePagesRead({ courseId, fileId, container, slots, ready }: { courseId: string; fileId: string; container: RefObject<HTMLElement | null>; slots: RefObject<Map<number, HTMLElement>>; ready: boolean }) {
  const queryClient = useQueryClient();

  useEffect(() => {
    const box = container.current;
    if (!ready || !box) return;
    const near = new Set<number>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const page = Number((entry.target as HTMLElement).dataset.page);
          if (entry.isIntersecting) near.add(page);
          else near.delete(page);
        }
      },
      { root: box },
    );
    for (const slot of slots.current.values()) observer.observe(slot);

    const dwell = new PageDwell(PAGE_READ_SECONDS * 1000);
    const pending = new Set<number>();
    const flush = () => {
      if (pending.size === 0) return;
      const pages = [...pending].sort((a, b) => a - b).slice(0, COURSE_PAGES_READ_MAX);
      for (const page of pages) pending.delete(page);
      void markPagesRead(courseId, fileId, pages)
        .then((sent) => {
          // her course page shows the pages read: fetched again once the server has them
          if (sent.status === 'sent') void queryClient.invalidateQueries({ queryKey: courseKeys.course(courseId) });
        })
        .catch(() => undefined);
    };
    const tick = () => {
      const inView: number[] = [];
      if (document.visibilityState === 'visible') {
        const view = box.getBoundingClientRect();
        for (const page of near) {
          const slot = slots.current.get(page);
          if (!slot || !drawn(slot)) continue;
          const rect = slot.getBoundingClientRect();
          if (pageInView(rect, view, PAGE_IN_VIEW_SHARE)) inView.push(page);
        }
      }
      for (const page of dwell.update(inView, Date.now())) pending.add(page);
      if (pending.size >= BATCH_PAGES) flush();
    };
    const ticker = setInterval(tick, TICK_MS);
    const flusher = setInterval(flush, PAGES_READ_FLUSH_MS);
    const onHide = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', flush);
    return () => {
      observer.disconnect();
      clearInterval(ticker);
      clearInterval(flusher);
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [ready, courseId, fileId, container, slots, queryClient]);
}
