import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The build of the server renderers for Node, into dist-server/: src/prerender/first-screens.tsx
 * (decision 032), which the web build runs after the app's own build (scripts/prerender.mjs) to put
 * the login page and the registration's first step into their pages, and src/prerender/reader-screen.tsx
 * and src/prerender/home-screen.tsx (decision 048), which the API runs on a thread of its own to put
 * her chapter into the reader's page and her Home into its own.
 * Same root, React plugin and CSS modules as vite.config.ts, so the class names in the markup are the
 * ones of the app's stylesheets (scripts/prerender.mjs checks them).
 */
export default defineConfig({
  plugins: [react()],
  publicDir: false,
  logLevel: 'warn',
  build: {
    ssr: true,
    outDir: 'dist-server',
    emptyOutDir: true,
    target: 'node20',
    copyPublicDir: false,
    rolldownOptions: {
      input: {
        'server-window': 'src/prerender/server-window.ts',
        'first-screens': 'src/prerender/first-screens.tsx',
        'reader-screen': 'src/prerender/reader-screen.tsx',
        'home-screen': 'src/prerender/home-screen.tsx',
      },
      output: { entryFileNames: '[name].js' },
      // The app's lazy screens stay imports in this build; that some of them are imported statically
      // too matters only to the browser build's chunks.
      onwarn(warning, warn) {
        if (warning.code !== 'INEFFECTIVE_DYNAMIC_IMPORT') warn(warning);
      },
    },
  },
});
