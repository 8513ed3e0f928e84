import { StrictMode, startTransition, useLayoutEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './styles/global.css';
import { i18n, loadNamespaces, type Namespace } from './lib/i18n.ts';
import { queryClient } from './lib/react-query.ts';
import { startOffline } from './lib/offline/setup.ts';
import { lazyRoute } from './app/lazy-route.ts';
import { isMarkedSignedIn } from './lib/auth/token-storage.ts';
import { fetchEarly } from './lib/api-client.ts';
import { firstScreenReads } from './app/first-screen-reads.ts';
import { firstScreenOf, type FirstScreen } from './app/first-screens.ts';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
const container = root;

/**
 * The app's own chunk did not arrive (offline before the worker was installed, or past the 120 s
 * chunk timeout): a Dutch message with a retry, never a white screen. Plain DOM, as React is in
 * the chunk that failed.
 */
function showStartError(): void {
  takeOverPrerendered();
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

/**
 * The code of the screen a first visit opens, fetched now instead of after the router has loaded and
 * matched (decision 014): the router's lazy import of the same module then finds it on its way. Only
 * the first screens (app/first-screens.ts); a failure here is the router's to show.
 */
const FIRST_SCREEN_CODE: Record<FirstScreen, () => Promise<unknown>> = {
  login: () => import('./app/routes/auth/login.tsx'),
  register: () => import('./app/routes/auth/register.tsx'),
  home: () => import('./app/routes/home/home.tsx'),
  reader: () => import('./app/routes/summary/read.tsx'),
  library: () => import('./app/routes/library/overview.tsx'),
};

/**
 * The strings a signed-in first screen's loader waits for before its first render (router.tsx), asked
 * for with the screen's code instead of once the app has run and the router matched: their round trip
 * overlaps the app's code instead of following it (issue 43). The loader's own call then finds them
 * loaded or on their way. Not the reader's: e2e/specs/perf/reader-requests.spec.ts counts the scripts
 * of the reader's first render from the router's start (its first history entry), and its strings
 * are one of them.
 */
const FIRST_SCREEN_STRINGS: Partial<Record<FirstScreen, Namespace[]>> = {
  home: ['library', 'plan'],
  library: ['library', 'plan'],
};

/**
 * The login page and the registration's first step come with the screen itself, rendered at build
 * time (decision 032, scripts/prerender.mjs): painted at once, but `inert` until the app has rendered
 * the same screen in its place, so nothing typed into it is lost. The app renders it only once the
 * router has the screen's code (never the splash in between), and frees the page as it commits.
 */
const prerendered = container.hasAttribute('data-prerendered');
function takeOverPrerendered(): void {
  container.removeAttribute('inert');
  container.removeAttribute('data-prerendered');
}
function TakeOver({ children }: { children: ReactNode }) {
  useLayoutEffect(() => {
    if (prerendered) takeOverPrerendered();
  }, []);
  return children;
}

const signedIn = isMarkedSignedIn();
const firstScreen = firstScreenOf(window.location.pathname, signedIn);
/**
 * Her Home and her chapter come rendered by the API as the app's whole tree (decision 048; a page
 * with a screen at their addresses is one of the API's): the app hydrates that markup instead of
 * rendering the screen again and replacing it (issue 43). The page stays as it was painted (no
 * second layout of the chapter), and React attaches to it in slices.
 */
const hydrate = prerendered && (firstScreen === 'home' || firstScreen === 'reader');

/** The rest of the start runs in a task of its own, so a tap or a paint can come in between. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// The first screen's data, asked for now (decision 014, "first-visit data"): its answer is on its way
// while the app's code loads, and the screen's query takes it instead of asking again. In a task of
// its own, before the app's (issue 43): Home's 'Vandaag' names her time zone, and the browser's first
// Intl.DateTimeFormat costs a phone tens of ms, which made the evaluation of this script's modules
// one task too long.
void nextTask().then(() => {
  for (const path of firstScreenReads(window.location.pathname, signedIn)) fetchEarly(path);
});

// The app's code loads while the saved server data goes back into the cache; the router (made once
// that data is back) and its loaders run after it (offline reading). Decision 014 ("Lighthouse: what
// blocks the main thread"): on a slow phone each step of the start is a long task of its own (the
// module preload's links, making the router, the first render), so each runs in a task of its own
// instead of one after the other in one task: a tap or a paint can come in between. The links that
// the module preload adds for every chunk of the first screen cost about as much as the rest of this
// script's run, so the app and the first screen are asked for in the next task.
const app = nextTask().then(() => {
  if (firstScreen) FIRST_SCREEN_CODE[firstScreen]().catch(() => undefined);
  const strings = firstScreen && signedIn ? FIRST_SCREEN_STRINGS[firstScreen] : undefined;
  if (strings) loadNamespaces(strings).catch(() => undefined);
  return lazyRoute(() => import('./app/app.tsx'))();
});
app.catch(() => undefined);
void startOffline(queryClient).finally(async () => {
  try {
    const { App, prepareRouter, routerReady } = await app;
    await nextTask();
    prepareRouter();
    if (prerendered) await routerReady();
    await nextTask();
    const tree = (
      <StrictMode>
        <TakeOver>
          <App />
        </TakeOver>
      </StrictMode>
    );
    // A transition: React renders (or hydrates) the first screen in slices of a few ms and lets a tap
    // or a paint in between, instead of one long task (the splash stays painted until the screen is
    // ready). A hydration that finds markup other than its own renders the screen anew, as before.
    startTransition(() => {
      if (hydrate) hydrateRoot(container, tree);
      else createRoot(container).render(tree);
    });
  } catch (error) {
    console.error(error);
    showStartError();
  }
});
