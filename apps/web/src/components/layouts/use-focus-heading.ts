import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * After a client-side navigation, moves focus to the new screen's h1 so screen-reader and
 * keyboard users start at the top of the new content (the first load keeps the browser default).
 */
export function useFocusHeadingOnNavigate(containerId: string): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const heading = document.querySelector<HTMLElement>(`#${containerId} h1`);
    if (!heading) return;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus({ preventScroll: false });
  }, [pathname, containerId]);
}
