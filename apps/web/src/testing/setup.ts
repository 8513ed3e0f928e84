import '@testing-library/jest-dom/vitest';
import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { loadLaterNamespaces } from '../lib/i18n.ts';
import { queryClient } from '../lib/react-query.ts';
import { clearGlobalApiError } from '../lib/api-error.ts';

configure({ asyncUtilTimeout: 3000 });

// The app's query defaults, put back after a test changed them (failQueriesAtOnce).
const queryDefaults = queryClient.getDefaultOptions();

// The app loads the signed-in screens' strings with their route (decision 014); tests that render a
// feature's component without the router need them from the start.
await loadLaterNamespaces();

// jsdom lacks the pointer-capture and layout APIs Radix Select uses.
if (!Element.prototype.hasPointerCapture) {
  Element.prototype.hasPointerCapture = () => false;
  Element.prototype.setPointerCapture = () => undefined;
  Element.prototype.releasePointerCapture = () => undefined;
}
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => undefined;
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
window.scrollTo = () => undefined;
// jsdom has no PointerEvent: a MouseEvent carrying the pointer fields the slider reads.
if (typeof window.PointerEvent === 'undefined') {
  class PointerEventPolyfill extends MouseEvent {
    readonly pointerId: number;
    readonly pointerType: string;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 0;
      this.pointerType = init.pointerType ?? 'mouse';
    }
  }
  window.PointerEvent = PointerEventPolyfill as unknown as typeof PointerEvent;
}

afterEach(() => {
  cleanup();
  for (const pair of document.cookie ? document.cookie.split('; ') : []) document.cookie = `${pair.split('=')[0]}=; Path=/; Max-Age=0`;
  localStorage.clear();
  sessionStorage.clear();
  queryClient.clear();
  queryClient.setDefaultOptions(queryDefaults);
  clearGlobalApiError();
  vi.useRealTimers();
});
