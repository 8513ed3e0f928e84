import type { ChapterContent, SummaryDetail } from '@blok/contract/library';

/** What the server renders her chapter's page from: the reader's two reads, as the API answers them. */
export type ReaderScreenData = {
  /** the page's address, `/summary/read/{id}/{chapterId}` */
  path: string;
  summary: SummaryDetail;
  chapter: ChapterContent;
  /** her text size (an index of the reader's sizes, the `blok_text_size` cookie), or null */
  textSize: number | null;
};

export type Encoding = 'br' | 'gzip' | 'identity';

export type RenderRequest = { id: number; screen: ReaderScreenData; encoding: Encoding };
export type RenderResponse = { id: number; page: Uint8Array } | { id: number; error: string } | { ready: true } | { failed: string };

/** Where the thread finds the web build: the pages (`dist`) and the server renderers (`dist-server`). */
export type RenderThreadData = { webRoot: string; serverDir: string };
