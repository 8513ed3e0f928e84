import type { RouteObject } from 'react-router';
import type { ChapterContent, SummaryDetail } from '@blok/contract/library';
import { renderRoute } from './render.tsx';
import { AppLayout } from '../components/layouts/app-layout.tsx';
import { RootLayout } from '../app/root-layout.tsx';
import { Component as ReadSummary } from '../app/routes/summary/read.tsx';
import { paths } from '../config/paths.ts';
import { loadNamespaces } from '../lib/i18n.ts';
import { markSignedIn } from '../lib/auth/token-storage.ts';
import { summaryQueryOptions } from '../features/summary/api/get-summary.ts';
import { chapterQueryKey } from '../features/summary/api/get-chapter.ts';
import { TEXT_SIZE_KEY, TEXT_SCALES } from '../features/summary/hooks/use-text-size.ts';
import { writeKey } from '../lib/storage.ts';

/**
 * The reader's chapter rendered by the server for the page itself (issue 43, decision 048): the same
 * root layout, layout and route components as the app's router (app/router.tsx), the whole tree the
 * app hydrates (main.tsx), React's own server renderer,
 * her chapter's data as the API answers it. The API runs this in a thread of its own
 * (apps/api/src/plugins/web-render), in a jsdom window standing for her browser: signed in, her text
 * size. The app then hydrates the same tree in the browser (main.tsx): a markup that differs from the
 * app's first render would be rendered anew, so nothing here may read what her browser does not.
 */
const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    children: [{ Component: AppLayout, children: [{ path: paths.summary.read.path, Component: ReadSummary }] }],
  },
];

export { withScreen, namedStyles } from './page.ts';

/** The strings the reader's first render shows, loaded once when the thread starts. */
export async function prepare(): Promise<void> {
  await loadNamespaces(['summary']);
}

export type ReaderScreen = {
  /** the page's address, `/summary/read/{id}/{chapterId}` */
  path: string;
  summary: SummaryDetail;
  chapter: ChapterContent;
  /** her text size as the reader stores it (an index of TEXT_SCALES), or null for the default */
  textSize: number | null;
};

/** The markup inside #root of the reader's page as the app renders it on her first visit. */
export function renderReaderScreen({ path, summary, chapter, textSize }: ReaderScreen): Promise<string> {
  return renderRoute(routes, path, {
    fill: (queryClient) => {
      queryClient.setQueryData(summaryQueryOptions(summary.id).queryKey, summary);
      queryClient.setQueryData(chapterQueryKey(chapter.summaryId, chapter.chapterId), chapter);
    },
    // her browser as the reader reads it: signed in, her text size
    before: () => {
      markSignedIn();
      if (textSize !== null && Number.isInteger(textSize) && textSize >= 0 && textSize < TEXT_SCALES.length) writeKey(TEXT_SIZE_KEY, String(textSize));
      else localStorage.removeItem(TEXT_SIZE_KEY);
    },
  });
}
