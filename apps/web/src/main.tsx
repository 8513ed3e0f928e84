import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/global.css';
import './lib/i18n.ts';
import { queryClient } from './lib/react-query.ts';
import { startOffline } from './lib/offline/setup.ts';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

// The saved server data is back in the cache before the router's loaders run and the first screen
// renders (offline reading); the app module creates the router when it loads, so it loads after.
void startOffline(queryClient).finally(async () => {
  const { App } = await import('./app/app.tsx');
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
