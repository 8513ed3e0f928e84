import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './provider.tsx';
import { createAppRouter } from './router.tsx';

let router: ReturnType<typeof createAppRouter> | undefined;

/**
 * The router is made at the first render, not when this module loads: main.tsx fetches this module
 * while the saved server data is still being restored, and the router's loaders must see that data.
 */
function getRouter(): ReturnType<typeof createAppRouter> {
  router ??= createAppRouter();
  return router;
}

export function App() {
  return (
    <AppProvider>
      <RouterProvider router={getRouter()} />
    </AppProvider>
  );
}
