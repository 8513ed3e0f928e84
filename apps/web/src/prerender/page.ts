/**
 * A page with a screen rendered by the server in #root (decisions 032 and 048): the page the web build
 * wrote for that screen (`first-screen/<page>.html`), the screen's markup inside #root, marked `inert`
 * (nothing on it can be focused, typed into or pressed) and `data-prerendered`, until the app renders
 * the same screen and takes its place (main.tsx); and the stylesheets the screen needs inlined at the
 * end of <head>, in the order the app adds them, so the first paint is the styled screen without
 * waiting for more requests, each named by a disabled stylesheet link so the app does not load it
 * again. Used at build time (scripts/prerender.mjs) and by the API for her chapter and her Home.
 */
const ROOT_OPEN = '<div id="root">';

export type InlineStyle = { file: string; text: string };

/**
 * `lowPriorityCode`: the screen's own chunks (the module preloads its page copy adds, `data-screen`)
 * are fetched at low priority (issue 43): the page paints without them, and the entry's code, which
 * runs first, gets the connection first. The API's pages of her screens ask for it; the build-time pages do not (decision
 * 032 measured it there: their start then counted as blocking time).
 */
export function withScreen(html: string, screen: string, markup: string, styles: InlineStyle[], { lowPriorityCode = false }: { lowPriorityCode?: boolean } = {}): string {
  const start = html.indexOf(ROOT_OPEN);
  const end = html.indexOf('<noscript>', start);
  if (start < 0 || end < 0) throw new Error(`prerender: ${screen}: no #root followed by <noscript>`);
  const close = html.lastIndexOf('</div>', end);
  if (close < start) throw new Error(`prerender: ${screen}: #root is not closed`);
  const page = `${html.slice(0, start)}<div id="root" inert data-prerendered="${screen}">${markup}${html.slice(close)}`;
  if (!page.includes('</head>')) throw new Error(`prerender: ${screen}: no </head>`);
  const css = styles.map(({ file, text }) => {
    if (text.includes('</style')) throw new Error(`prerender: ${file} cannot be inlined`);
    return text.trim();
  });
  // Each inlined file is named by a stylesheet link that is `disabled` (issue 43): never fetched nor
  // applied, but the app's module preloader (Vite's, which adds a stylesheet for a chunk's CSS unless
  // the page has one for that file) finds it and leaves the file alone. Loading it again changed
  // nothing but cost a request and, once it arrived, styling the whole page again, after the paint.
  // The page's own preload of the file goes for the same reason.
  const inlined = new Set(styles.map(({ file }) => file));
  const withCode = lowPriorityCode ? page.replaceAll(' data-screen>', ' data-screen fetchpriority="low">') : page;
  const withoutPreloads = withCode.replace(/<link rel="preload" as="style" crossorigin href="\/(assets\/[^"]+\.css)">/g, (link, file: string) => (inlined.has(file) ? '' : link));
  const named = styles
    .filter(({ file }) => !withoutPreloads.includes(`<link rel="stylesheet" href="/${file}" disabled data-inlined>`))
    .map(({ file }) => `<link rel="stylesheet" href="/${file}" disabled data-inlined>`)
    .join('');
  // a function as the replacement: a `$` in the CSS is no pattern
  return withoutPreloads.replace('</head>', () => `<style data-prerendered-css>${css.join('\n')}</style>${named}</head>`);
}

/**
 * The stylesheets a page of the web build names for its screen (`<link rel="preload" as="style">`,
 * vite.config.ts firstScreenPages), in order: what a screen rendered into it needs inlined.
 */
export function namedStyles(html: string): string[] {
  return [...html.matchAll(/<link rel="preload" as="style" crossorigin href="\/(assets\/[^"]+\.css)">/g)].map((m) => m[1]!);
}
