// Puts the login page and the registration's first step into their pages at build time (decision 032):
// a phone paints the screen itself with the page, instead of the splash until the app's code has run.
//   node scripts/prerender.mjs [dist]     (after `vite build` and `vite build -c vite.prerender.config.ts`)
// The markup comes from React's server renderer over the app's own layout and route components
// (src/prerender/first-screens.tsx). Each page gets it inside #root, marked `inert` (nothing on it can
// be focused, typed into or pressed) and `data-prerendered`, until the app renders the same screen and
// takes its place (main.tsx). The stylesheets that screen needs are inlined, so the first paint is
// the styled screen. first-screen/prerendered.json lists the pages, for the API: a
// signed-in visitor of those addresses gets the plain page (apps/api/src/plugins/web.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const WEB = resolve(import.meta.dirname, '..');

/** Every class name in the markup must be in one of the screen's stylesheets or the page's own. */
function checkClassNames(screen, markup, css) {
  const missing = new Set();
  for (const [, list] of markup.matchAll(/class="([^"]*)"/g)) {
    for (const name of list.split(/\s+/).filter(Boolean)) if (!css.includes(`.${name}`)) missing.add(name);
  }
  if (missing.size > 0) throw new Error(`prerender: ${screen}: class names without a stylesheet: ${[...missing].join(', ')}`);
}

export async function prerender(dist) {
  // a visitor's empty browser around the code (src/prerender/server-window.ts), before it loads
  const { serverWindow } = await import(pathToFileURL(join(WEB, 'dist-server/server-window.js')).href);
  serverWindow();
  const { renderFirstScreen, PRERENDERED_SCREENS, withScreen } = await import(pathToFileURL(join(WEB, 'dist-server/first-screens.js')).href);
  const screens = Object.keys(PRERENDERED_SCREENS);
  const styles = JSON.parse(readFileSync(join(dist, 'first-screen/styles.json'), 'utf8'));
  const done = [];
  for (const screen of screens) {
    const file = join(dist, 'first-screen', `${screen}.html`);
    const html = readFileSync(file, 'utf8');
    if (html.includes('data-prerendered')) throw new Error(`prerender: ${file} holds a screen already`);
    const markup = await renderFirstScreen(screen);
    const sheets = styles[screen];
    if (!Array.isArray(sheets)) throw new Error(`prerender: no stylesheets listed for ${screen}`);
    const inline = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('\n');
    const styled = sheets.map((f) => ({ file: f, text: readFileSync(join(dist, f), 'utf8') }));
    checkClassNames(screen, markup, [inline, ...styled.map((s) => s.text)].join('\n'));
    writeFileSync(file, withScreen(html, screen, markup, styled));
    done.push({ screen, bytes: markup.length });
  }
  writeFileSync(join(dist, 'first-screen/prerendered.json'), `${JSON.stringify(done.map((d) => d.screen))}\n`);
  return done;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dist = resolve(process.argv[2] ?? join(WEB, 'dist'));
  const done = await prerender(dist);
  console.log(`prerendered ${done.map((d) => `${d.screen} (${(d.bytes / 1024).toFixed(1)} KB)`).join(', ')}`);
  // The pages are written: nothing the rendered code left behind (a timer, the jsdom window) may
  // keep the build waiting.
  process.exit(0);
}
