import { JSDOM } from 'jsdom';

/**
 * The browser the web code expects around it while the server renders a screen (decisions 032, 048):
 * the code reads a few browser things as it loads and renders (stored flags, the user agent, her text
 * size). A jsdom window of an empty browser; only names Node does not have are set, and only in the
 * process or thread that renders (scripts/prerender.mjs at build time, the API's render thread). Must
 * run before the renderer's modules are loaded.
 */
export function serverWindow(): void {
  const { window } = new JSDOM('<!doctype html><html lang="nl"><body></body></html>', { url: 'https://blok.invalid/' });
  for (const name of ['window', 'document', 'navigator', 'location', 'localStorage', 'sessionStorage', 'HTMLElement', 'Node', 'matchMedia'] as const) {
    if (!(name in globalThis)) Object.defineProperty(globalThis, name, { value: window[name], configurable: true, writable: true });
  }
}
