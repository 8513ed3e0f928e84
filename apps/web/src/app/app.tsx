import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './provider.tsx';
import { createAppRouter } from './router.tsx';

let router: ReturnType<typeof createAppRouter> | undefined;

/**
 * The router is made after the saved server data is back, not when this module loads: main.tsx
 * fetches this module while the saved server data is still being restored, and the router's loaders
 * must see that data.
 */
function getRouter(): ReturnType<typeof createAppRouter> {
  router ??= createAppRouter();
  return router;
}

/**
 * Makes the router (it matches the URL and starts the first route's code and loaders) ahead of the
 * first render: main.tsx calls it in a task of its own, so making it and the first render are two
 * shorter tasks instead of one long one (decision 014, "Lighthouse: what blocks the main thread").
 */
export function prepareRouter(): void {
  getRouter();
}

/**
 * Settles once the router has matched the first address and has its screen's code and data (or its
 * error): main.tsx waits for it before the first render when the page holds the screen already, so
 * the splash never takes that screen's place.
 */
export function routerReady(): Promise<void> {
  const router = getRouter();
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

export function App() {
  return (
    <AppProvider>
      <RouterProvider router={getRouter()} />
    </AppProvider>
  );
}
