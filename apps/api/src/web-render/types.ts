import type { ChapterContent, HomeBanner, HomeContinue, SummaryDetail } from '@blok/contract/library';
import type { TodayPlan } from '@blok/contract/plan';
import type { Profile } from '@blok/contract/user';

/** What the server renders her chapter's page from: the reader's two reads, as the API answers them. */
export type ReaderScreenData = {
  /** the page's address, `/summary/read/{id}/{chapterId}` */
  path: string;
  summary: SummaryDetail;
  chapter: ChapterContent;
  /** her text size (an index of the reader's sizes, the `blok_text_size` cookie), or null */
  textSize: number | null;
};

/** What the server renders her Home from: the four reads of Home's first screen, as the API answers them. */
export type HomeScreenData = {
  profile: Profile;
  continueCards: HomeContinue;
  banner: HomeBanner;
  today: TodayPlan;
};

/** A screen the render thread can put into its page (`first-screen/<screen>.html`). */
export type Screen = { screen: 'reader'; data: ReaderScreenData } | { screen: 'home'; data: HomeScreenData };

export type Encoding = 'br' | 'gzip' | 'identity';

export type RenderRequest = { id: number; encoding: Encoding } & Screen;
export type RenderResponse = { id: number; page: Uint8Array } | { id: number; error: string } | { ready: true } | { failed: string };

/** Where the thread finds the web build: the pages (`dist`) and the server renderers (`dist-server`). */
export type RenderThreadData = { webRoot: string; serverDir: string };
