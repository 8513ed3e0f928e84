import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The build of src/prerender/first-screens.tsx for Node (decision 032): the web build runs it after
 * the app's own build (scripts/prerender.mjs) to put the login page and the registration's first
 * step into their pages. Same root, React plugin and CSS modules as vite.config.ts, so the class
 * names in the markup are the ones of the app's stylesheets (scripts/prerender.mjs checks them).
 */
export default defineConfig({
  plugins: [react()],
  publicDir: false,
  logLevel: 'warn',
  build: {
    ssr: 'src/prerender/first-screens.tsx',
    outDir: 'node_modules/.prerender',
    emptyOutDir: true,
    target: 'node20',
    copyPublicDir: false,
    rolldownOptions: {
      // The app's lazy screens stay imports in this build; that some of them are imported statically
      // too matters only to the browser build's chunks.
      onwarn(warning, warn) {
        if (warning.code !== 'INEFFECTIVE_DYNAMIC_IMPORT') warn(warning);
      },
    },
  },
});
