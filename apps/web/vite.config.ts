/// <reference types="vitest/config" />
import { defineConfig, type Plugin } from 'vite';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { ManifestTransform } from 'workbox-build';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { FIRST_SCREEN_ADDRESSES, PRERENDERED_SCREENS, type FirstScreen } from './src/app/first-screens.ts';

const API_TARGET = 'http://127.0.0.1:3000';
const THEME_COLOR = '#3730a3';

/**
 * What the service worker precaches (decision 014): the shell and what a student needs first and
 * offline (Home, the library, the reader, practice and flashcard sessions, login), each with every
 * chunk and stylesheet it imports. Everything else (shop, profile, tutorial, register, password
 * screens, a subject's mock exam and progress pages, install icons) is cached the first time it
 * loads (the `blok-assets` runtime cache below).
 */
const PRECACHED_MODULES = [
  /\/src\/main\.tsx$/,
  /\/src\/app\/app\.tsx$/,
  // the strings of those screens (each namespace is a chunk of its own: issue 30)
  /\/src\/locales\/nl\/(library|summary|annotations|questions|flashcards|reports)\.json$/,
  // "Meld een fout" under a question, a chapter and a card: a chunk of its own, loaded when shown
  /\/src\/features\/reports\/components\/report-mistake\.tsx$/,
  // her highlights and notes over a chapter: a chunk of its own, loaded after the chapter's first paint
  /\/src\/features\/annotations\/components\/chapter-annotations\.tsx$/,
  /\/src\/components\/ui\/toast\/radix-toast\.tsx$/,
  // not the mock exam and the progress page of a subject: cached the first time she opens them
  /\/src\/app\/routes\/(home|library|summary)\/(?!mock-exam|progress)/,
  /\/src\/app\/routes\/(auth\/login|not-found)\.tsx$/,
];
const PRECACHED_FILES = new Set(['index.html', 'manifest.webmanifest', 'favicon.svg', 'push-sw.js', 'images/default-profile.svg', 'icons/icon-192.png']);

/** Whether a chunk holds a module: its own (a route's) or one of those a chunk group put in it. */
const holds = (chunk: OutputChunk, module: RegExp) => chunk.moduleIds.some((id) => module.test(id));

/** The chunk of src/app/app.tsx (router, layouts, providers). */
function appChunk(bundle: OutputBundle): OutputChunk {
  const app = Object.values(bundle).find((c): c is OutputChunk => c.type === 'chunk' && c.facadeModuleId?.endsWith('/src/app/app.tsx') === true);
  if (!app) throw new Error('build: no chunk for src/app/app.tsx');
  return app;
}

/** Collects the chunks (and their CSS) of PRECACHED_MODULES from the bundle, for the precache filter. */
function precacheSelection(): { plugin: Plugin; transform: ManifestTransform } {
  const keep = new Set<string>();
  return {
    plugin: {
      name: 'blok-precache-selection',
      apply: 'build',
      generateBundle(_options, bundle) {
        const add = (fileName: string) => {
          const chunk = bundle[fileName];
          if (keep.has(fileName) || !chunk) return;
          keep.add(fileName);
          if (chunk.type !== 'chunk') return;
          for (const css of chunk.viteMetadata?.importedCss ?? []) keep.add(css);
          for (const imported of chunk.imports) add(imported);
        };
        for (const chunk of Object.values(bundle)) {
          if (chunk.type === 'chunk' && PRECACHED_MODULES.some((re) => holds(chunk, re))) add(chunk.fileName);
        }
      },
    },
    transform: (entries) => {
      if (keep.size === 0) throw new Error('precache selection: no chunk matched PRECACHED_MODULES');
      return { manifest: entries.filter((entry) => keep.has(entry.url) || PRECACHED_FILES.has(entry.url)), warnings: [] };
    },
  };
}
const precache = precacheSelection();

/**
 * KaTeX's stylesheet names each font three times (woff2, woff, ttf). Every browser Blok supports
 * reads woff2, so the lazy KaTeX chunk (components/markdown/formulas.ts) emits only those (decision 044): 20 files of
 * about 250 kB instead of 60.
 */
function katexWoff2Only(): Plugin {
  return {
    name: 'blok-katex-woff2-only',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]katex[\\/]dist[\\/]katex(\.min)?\.css$/.test(id)) return null;
      return { code: code.replace(/,\s*url\(fonts\/[^)]+\.(?:woff|ttf)\) format\("(?:woff|truetype)"\)/g, ''), map: null };
    },
  };
}

/**
 * index.html asks for the app module (src/app/app.tsx: router, layouts, providers) and every chunk it
 * imports while the entry script is still arriving, instead of after it ran (decision 014).
 */
function preloadApp(): Plugin {
  return {
    name: 'blok-preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        const entry = ctx.chunk;
        if (!bundle || !entry) return;
        const app = appChunk(bundle);
        const have = new Set([entry.fileName, ...entry.imports]);
        const files: string[] = [];
        const add = (fileName: string) => {
          const chunk = bundle[fileName];
          if (have.has(fileName) || !chunk || chunk.type !== 'chunk') return;
          have.add(fileName);
          files.push(fileName);
          chunk.imports.forEach(add);
        };
        add(app.fileName);
        return files.map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` }, injectTo: 'head' as const }));
      },
    },
  };
}

/**
 * The screens a first visit opens (app/first-screens.ts; main.tsx asks for the
 * same modules): the build writes a copy of index.html per screen, `first-screen/<page>.html`, that
 * also names the screen's chunks and stylesheets in its head, and the list of their addresses,
 * `first-screen/addresses.json`. The API sends the copy for the screen's addresses (plugins/web.ts),
 * so a phone fetches the screen's code together with the entry instead of after the entry ran, and
 * Vite's preloader finds the links in place instead of adding them (decision 014, "First screens").
 * `/` gets Home's copy or the registration's, by the token cookies (plugins/web.ts).
 */
const FIRST_SCREEN_MODULES: Record<FirstScreen, RegExp> = {
  login: /\/src\/app\/routes\/auth\/login\.tsx$/,
  register: /\/src\/app\/routes\/auth\/register\.tsx$/,
  home: /\/src\/app\/routes\/home\/home\.tsx$/,
  reader: /\/src\/app\/routes\/summary\/read\.tsx$/,
  library: /\/src\/app\/routes\/library\/overview\.tsx$/,
};

function firstScreenPages(): Plugin {
  return {
    name: 'blok-first-screen-pages',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (!index || index.type !== 'asset') throw new Error('first screens: index.html is not in the bundle');
      const html = typeof index.source === 'string' ? index.source : new TextDecoder().decode(index.source);
      // what index.html asks for already (the entry, its imports, the app's preloads)
      const named = new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]!));
      // the entry's own stylesheet is inlined in index.html (inlineEntryCss)
      for (const chunk of Object.values(bundle)) if (chunk.type === 'chunk' && chunk.isEntry) chunk.viteMetadata?.importedCss.forEach((css) => named.add(css));
      // The app chunk's stylesheets (its layouts), which a screen rendered at build time needs on its
      // first paint together with the screen's own (scripts/prerender.mjs reads first-screen/styles.json).
      const appStyles: string[] = [];
      const seenByApp = new Set<string>();
      const addAppStyles = (fileName: string) => {
        const chunk = bundle[fileName];
        if (seenByApp.has(fileName) || !chunk || chunk.type !== 'chunk') return;
        seenByApp.add(fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) if (!named.has(css) && !appStyles.includes(css)) appStyles.push(css);
        chunk.imports.forEach(addAppStyles);
      };
      addAppStyles(appChunk(bundle).fileName);
      const paintStyles: Record<string, string[]> = {};
      for (const [page, module] of Object.entries(FIRST_SCREEN_MODULES)) {
        const screen = Object.values(bundle).find((c) => c.type === 'chunk' && holds(c, module));
        if (!screen || screen.type !== 'chunk') throw new Error(`first screens: no chunk for ${String(module)}`);
        const scripts: string[] = [];
        const styles: string[] = [];
        const seen = new Set<string>();
        const add = (fileName: string) => {
          const chunk = bundle[fileName];
          if (seen.has(fileName) || !chunk || chunk.type !== 'chunk') return;
          seen.add(fileName);
          if (!named.has(fileName)) scripts.push(fileName);
          for (const css of chunk.viteMetadata?.importedCss ?? []) if (!named.has(css) && !styles.includes(css)) styles.push(css);
          chunk.imports.forEach(add);
        };
        add(screen.fileName);
        // and, signed in, the app module's stylesheets (its layouts), which the app otherwise asks for
        // only once its module ran; a page rendered at build time has them inlined
        if (!(page in PRERENDERED_SCREENS)) for (const css of appStyles) if (!styles.includes(css)) styles.unshift(css);
        if (page in PRERENDERED_SCREENS) paintStyles[page] = [...appStyles, ...styles.filter((css) => !appStyles.includes(css))];
        const links = [
          ...styles.map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
          // data-screen: the screen's own code (src/prerender/page.ts fetches it at low priority on a page that has the screen)
          ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}" data-screen>`),
        ].join('');
        if (!html.includes('</head>')) throw new Error('first screens: index.html has no </head>');
        this.emitFile({ type: 'asset', fileName: `first-screen/${page}.html`, source: html.replace('</head>', `${links}</head>`) });
      }
      const addresses = FIRST_SCREEN_ADDRESSES.map(([page, address]) => ({ page, address: address.source }));
      this.emitFile({ type: 'asset', fileName: 'first-screen/addresses.json', source: `${JSON.stringify(addresses)}\n` });
      this.emitFile({ type: 'asset', fileName: 'first-screen/styles.json', source: `${JSON.stringify(paintStyles)}\n` });
    },
  };
}

/**
 * The entry's stylesheet (global styles and the splash, about 1.4 KB gzip) goes into index.html as a
 * <style>, so the first paint does not wait for one more request (decision 014, "Lighthouse: what
 * blocks the main thread"). The CSP allows inline styles (style-src 'unsafe-inline'). The file stays in
 * the build (the service worker's precache lists it), named by a disabled link (issue 43).
 */
function inlineEntryCss(): Plugin {
  return {
    name: 'blok-inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        return html.replace(/<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g, (tag, fileName: string) => {
          const asset = bundle[fileName];
          if (!asset || asset.type !== 'asset') throw new Error(`inline CSS: ${fileName} is not in the bundle`);
          const css = typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
          if (css.includes('</style')) throw new Error(`inline CSS: ${fileName} cannot be inlined`);
          // Named by a disabled stylesheet link (never fetched nor applied): chunks that share a
          // module's CSS with the entry list the file among their dependencies, and Vite's preloader
          // adds it unless the page has a stylesheet link for it. Loaded again it restyled the
          // whole page after the paint (issue 43; src/prerender/page.ts does the same).
          return `<style>${css.trim()}</style><link rel="stylesheet" href="/${fileName}" disabled data-inlined>`;
        });
      },
    },
  };
}

export default defineConfig({
  plugins: [
    katexWoff2Only(),
    react(),
    precache.plugin,
    preloadApp(),
    inlineEntryCss(),
    firstScreenPages(),
    VitePWA({
      // We register the service worker ourselves (features/pwa) so the update toast decides when
      // the waiting worker takes over.
      registerType: 'prompt',
      injectRegister: false,
      strategies: 'generateSW',
      includeAssets: ['favicon.svg', 'images/*.svg'],
      // The install icons are fetched by the browser when it installs; not part of the precache.
      includeManifestIcons: false,
      manifest: {
        id: '/',
        name: 'Blok',
        short_name: 'Blok',
        description: 'Slimmer studeren met samenvattingen, oefenvragen en flashcards voor jouw vakken.',
        lang: 'nl',
        dir: 'ltr',
        start_url: '/home',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: THEME_COLOR,
        background_color: '#f5f6fb',
        categories: ['education'],
        // Every size a phone or desktop asks for, and maskable ones for Android's adaptive icons.
        icons: [
          ...[48, 72, 96, 128, 144, 152, 192, 384, 512].map((size) => ({
            src: `/icons/icon-${size}.png`,
            sizes: `${size}x${size}`,
            type: 'image/png',
            purpose: 'any',
          })),
          { src: '/icons/icon-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
        ],
        shortcuts: [
          {
            name: 'Bibliotheek',
            short_name: 'Bibliotheek',
            description: 'Je vakken en samenvattingen',
            url: '/bibliotheek',
            icons: [{ src: '/icons/icon-96.png', sizes: '96x96', type: 'image/png' }],
          },
          {
            name: 'Laatste samenvatting',
            short_name: 'Verder lezen',
            description: 'Lees verder waar je gebleven was',
            url: '/summary/last',
            icons: [{ src: '/icons/icon-96.png', sizes: '96x96', type: 'image/png' }],
          },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        manifestTransforms: [precache.transform],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
        // Web Push: shows the reminder and opens the right screen on a click (public/push-sw.js).
        importScripts: ['/push-sw.js'],
        // Pictures of chapters and questions she opened read offline too (decision 013); the server
        // data itself is kept by the app (IndexedDB), not here. The name is IMAGE_CACHE in
        // src/lib/offline/query-persistence.ts, which empties it on sign-out and when Premium ends.
        runtimeCaching: [
          {
            // Content-hashed code and styles outside the precache: kept once loaded, so a screen
            // opened online opens offline too.
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: { cacheName: 'blok-assets', expiration: { maxEntries: 200, maxAgeSeconds: 365 * 24 * 60 * 60 }, cacheableResponse: { statuses: [200] } },
          },
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/api/content/images/'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'blok-images',
              expiration: { maxEntries: 400, maxAgeSeconds: 30 * 24 * 60 * 60 },
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
      },
      devOptions: { enabled: false },
    }),
  ],
  server: {
    port: 5173,
    proxy: { '/api': { target: API_TARGET, changeOrigin: false } },
  },
  preview: {
    port: 4173,
    proxy: { '/api': { target: API_TARGET, changeOrigin: false } },
  },
  build: {
    target: 'es2022',
    // BLOK_SOURCEMAP=1: source maps, to see which module the bytes of a chunk come from.
    sourcemap: Boolean(process.env.BLOK_SOURCEMAP),
    // bench/ holds the real budget (gzipped initial JS); this only silences Vite's raw-size hint.
    chunkSizeWarningLimit: 500,
    rolldownOptions: {
      output: {
        // Route-level chunks (decision 018). Left to itself the bundler cuts a first visit into a
        // chunk per set of importers: 30 files for login, each a round trip on a phone. These
        // groups make it a few: React, react-router and TanStack Query in one `framework` chunk
        // (every visit needs all of it); what lib/ and config/ share in `shared`; the small UI
        // pieces most screens use in `ui`; the login screen with its route in `sign-in`.
        codeSplitting: {
          groups: [
            // pdf.js (issue 41): the PDF viewer's library, a chunk of its own that only opening a PDF loads
            { name: 'pdfjs', test: /[\\/]node_modules[\\/]pdfjs-dist[\\/]/, priority: 3 },
            { name: 'framework', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query))[\\/]/, priority: 3 },
            { name: 'shared', test: /[\\/]apps[\\/]web[\\/]src[\\/](lib|config)[\\/]/, minShareCount: 2, priority: 2 },
            { name: 'ui', test: /[\\/]apps[\\/]web[\\/]src[\\/]components[\\/](ui[\\/](button|notice|text-field|spinner)|icons)[\\/]/, minShareCount: 2, priority: 1 },
            { name: 'sign-in', test: /[\\/]apps[\\/]web[\\/]src[\\/](features[\\/]auth[\\/](api[\\/]login|components[\\/](login-screen|auth-form)|utils[\\/]auth-error-message)|app[\\/]routes[\\/]auth[\\/](login|after-sign-in)\.)/, priority: 1, includeDependenciesRecursively: false },
            // what the login screen shares with the signed-in screens (her profile, the token contract), in
            // one chunk of its own: a signed-in first visit no longer loads the login screen for them
            { name: 'account', test: /[\\/](packages[\\/]contract[\\/]src[\\/](auth|user)\.ts|apps[\\/]web[\\/]src[\\/]features[\\/](user[\\/]api[\\/]get-profile|auth[\\/]utils[\\/]safari)\.ts)$/, priority: 1 },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    globals: false,
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: { modules: { classNameStrategy: 'non-scoped' } },
    restoreMocks: true,
    testTimeout: 20_000,
    unstubGlobals: true,
  },
});
