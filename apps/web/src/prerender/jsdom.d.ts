/** The part of jsdom's API the server renderers use (src/prerender/server-window.ts); jsdom ships no types. */
declare module 'jsdom' {
  export class JSDOM {
    constructor(html: string, options?: { url?: string });
    readonly window: Window & typeof globalThis;
  }
}
