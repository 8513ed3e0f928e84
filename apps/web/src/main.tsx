import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/global.css';
import { i18n } from './lib/i18n.ts';
import { queryClient } from './lib/react-query.ts';
import { startOffline } from './lib/offline/setup.ts';
import { lazyRoute } from './app/lazy-route.ts';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
const container = root;

/**
 * The app's own chunk did not arrive (offline before the worker was installed, or past the 120 s
 * chunk timeout): a Dutch message with a retry, never a white screen. Plain DOM, as React is in
 * the chunk that failed.
 */
function showStartError(): void {
  const main = document.createElement('main');
  main.className = 'start-error';
  const title = document.createElement('h1');
  title.textContent = i18n.t('common:errors.chunkTitle');
  const text = document.createElement('p');
  text.textContent = i18n.t('common:errors.chunkText');
  const retry = document.createElement('button');
  retry.type = 'button';
  retry.textContent = i18n.t('common:errors.reload');
  retry.addEventListener('click', () => window.location.reload());
  main.append(title, text, retry);
  container.replaceChildren(main);
}

// The saved server data is back in the cache before the router's loaders run and the first screen
// renders (offline reading); the app module creates the router when it loads, so it loads after.
void startOffline(queryClient).finally(async () => {
  try {
    const { App } = await lazyRoute(() => import('./app/app.tsx'))();
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  } catch (error) {
    console.error(error);
    showStartError();
  }
});
