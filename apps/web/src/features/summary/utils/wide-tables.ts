/** Class names of the pieces a wide table is framed in (from reader.module.css). */
export type TableFrameClasses = { block: string; frame: string; scroll: string; hint: string };
export type TableFrameTexts = { label: (number: number) => string; hint: string };

/**
 * Tables of a chapter on a phone (issue 26): each table sits in its own sideways scroller, framed
 * so a shadow on the edge shows there is more to the left or right, with a visible hint under it.
 * A scroller that really overflows is a named region in the tab order, so the arrow keys scroll it.
 * Returns a function that stops following scrolls and resizes. Safe to call again on the same HTML.
 */
export function frameWideTables(prose: HTMLElement, classes: TableFrameClasses, texts: TableFrameTexts): () => void {
  const scrollers: HTMLElement[] = [];
  for (const table of prose.querySelectorAll('table')) {
    let scroller = table.parentElement;
    if (!scroller?.hasAttribute('data-table-scroll')) {
      const block = document.createElement('div');
      block.className = classes.block;
      const frame = document.createElement('div');
      frame.className = classes.frame;
      frame.setAttribute('data-table-frame', '');
      scroller = document.createElement('div');
      scroller.className = classes.scroll;
      scroller.setAttribute('data-table-scroll', '');
      const hint = document.createElement('p');
      hint.className = classes.hint;
      hint.setAttribute('data-table-hint', '');
      // The region's name says it to screen readers; the hint is for the eye.
      hint.setAttribute('aria-hidden', 'true');
      hint.textContent = texts.hint;
      table.replaceWith(block);
      scroller.append(table);
      frame.append(scroller);
      block.append(frame, hint);
    }
    scrollers.push(scroller);
  }

  const update = () => {
    scrollers.forEach((scroller, index) => {
      const frame = scroller.parentElement!;
      const hint = frame.nextElementSibling as HTMLElement | null;
      const overflows = scroller.scrollWidth > scroller.clientWidth + 1;
      if (overflows) {
        scroller.setAttribute('tabindex', '0');
        scroller.setAttribute('role', 'region');
        scroller.setAttribute('aria-label', texts.label(index + 1));
      } else {
        for (const name of ['tabindex', 'role', 'aria-label']) scroller.removeAttribute(name);
      }
      const left = Math.abs(scroller.scrollLeft);
      frame.toggleAttribute('data-more-left', overflows && left > 1);
      frame.toggleAttribute('data-more-right', overflows && left + scroller.clientWidth < scroller.scrollWidth - 1);
      if (hint) hint.hidden = !overflows;
    });
  };
  update();
  for (const scroller of scrollers) scroller.addEventListener('scroll', update, { passive: true });
  window.addEventListener('resize', update);
  return () => {
    for (const scroller of scrollers) scroller.removeEventListener('scroll', update);
    window.removeEventListener('resize', update);
  };
}
