/**
 * Which pages of a PDF she read (issue 41, decision 039's addendum): a page counts once it was in
 * view without a break for `readMs` (PAGE_READ_SECONDS of @blok/domain/course-plan). The viewer
 * tells it which pages are in view now, at each tick; pages that reached the time come back once.
 */
export class PageDwell {
  /** per page in view: since when, without a break */
  private readonly since = new Map<number, number>();
  private readonly counted = new Set<number>();

  constructor(private readonly readMs: number) {}

  /** The pages in view at `now` (ms); answers the pages that have just counted as read. */
  update(inView: Iterable<number>, now: number): number[] {
    const shown = new Set(inView);
    for (const page of this.since.keys()) if (!shown.has(page)) this.since.delete(page);
    const read: number[] = [];
    for (const page of shown) {
      const from = this.since.get(page);
      if (from === undefined) {
        this.since.set(page, now);
        continue;
      }
      if (!this.counted.has(page) && now - from >= this.readMs) {
        this.counted.add(page);
        read.push(page);
      }
    }
    return read.sort((a, b) => a - b);
  }
}

/**
 * Whether a page's box counts as in view: at least `share` of the page visible, or, for a page
 * taller than the view (zoomed in), at least `share` of the view filled by it.
 */
export function pageInView(page: { top: number; bottom: number }, view: { top: number; bottom: number }, share: number): boolean {
  const visible = Math.min(page.bottom, view.bottom) - Math.max(page.top, view.top);
  if (visible <= 0) return false;
  const pageHeight = page.bottom - page.top;
  const viewHeight = view.bottom - view.top;
  return visible >= share * pageHeight || visible >= share * viewHeight;
}
