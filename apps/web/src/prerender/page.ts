/**
 * A page with a screen rendered by the server in #root (decisions 032 and 048): the page the web build
 * wrote for that screen (`first-screen/<page>.html`), the screen's markup inside #root, marked `inert`
 * (nothing on it can be focused, typed into or pressed) and `data-prerendered`, until the app renders
 * the same screen and takes its place (main.tsx); and the stylesheets the screen needs inlined at the
 * end of <head>, in the order the app adds them, so the first paint is the styled screen without
 * waiting for more requests. The app still loads the files as it always does; the same rules twice
 * change nothing. Used at build time (scripts/prerender.mjs) and by the API for her chapter.
 */
const ROOT_OPEN = '<div id="root">';

export type InlineStyle = { file: string; text: string };

export function withScreen(html: string, screen: string, markup: string, styles: InlineStyle[]): string {
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
  // a function as the replacement: a `$` in the CSS is no pattern
  return page.replace('</head>', () => `<style data-prerendered-css>${css.join('\n')}</style></head>`);
}

/**
 * The stylesheets a page of the web build names for its screen (`<link rel="preload" as="style">`,
 * vite.config.ts firstScreenPages), in order: what a screen rendered into it needs inlined.
 */
export function namedStyles(html: string): string[] {
  return [...html.matchAll(/<link rel="preload" as="style" crossorigin href="\/(assets\/[^"]+\.css)">/g)].map((m) => m[1]!);
}
