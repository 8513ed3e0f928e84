/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

const API_TARGET = 'http://127.0.0.1:3000';
const THEME_COLOR = '#3730a3';

export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      // We register the service worker ourselves (features/pwa) so the update toast decides when
      // the waiting worker takes over.
      registerType: 'prompt',
      injectRegister: false,
      strategies: 'generateSW',
      includeAssets: ['favicon.svg', 'apple-touch-icon.png', 'images/*.svg'],
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
    sourcemap: false,
    // bench/ holds the real budget (gzipped initial JS); this only silences Vite's raw-size hint.
    chunkSizeWarningLimit: 500,
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
