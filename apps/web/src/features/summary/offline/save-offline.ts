import type { QueryClient } from '@tanstack/react-query';
import type { ChapterContent, SummaryDetail } from '@blok/contract/library';
import { chapterQueryKey, chapterQueryOptions } from '../api/get-chapter.ts';
import { summaryQueryOptions } from '../api/get-summary.ts';

/**
 * 'Offline beschikbaar' (decision 013): every chapter of a summary she may read is fetched into the
 * query cache under the reader's own query keys (the cache is saved to IndexedDB, so the reader
 * finds them offline), and their pictures are fetched once so the service worker's CacheFirst route
 * (`blok-images`) keeps them. Premium chapters without Premium are not hers to read: they are
 * skipped and counted.
 */
export type SaveProgress = { done: number; total: number };
export type SaveResult = { saved: number; failed: number; premiumSkipped: number; pictures: number; picturesFailed: number };

const IMAGE_PATH = '/api/content/images/';
/** Pictures fetched at the same time: enough to be quick, few enough for a phone on a train. */
const PICTURE_CONCURRENCY = 4;

/** The pictures of a chapter: the <img> sources on the API's image route. */
export function pictureUrls(html: string): string[] {
  const urls = new Set<string>();
  for (const match of html.matchAll(/<img\b[^>]*?\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)) {
    const src = (match[1] ?? match[2] ?? '').replaceAll('&amp;', '&');
    if (src.startsWith(IMAGE_PATH)) urls.add(src);
  }
  return [...urls];
}

/** Which chapters a student may read now: the free ones, and the premium ones only with Premium. */
export function readableChapters(summary: SummaryDetail) {
  return summary.chapters.filter((chapter) => !chapter.locked);
}

async function warmPictures(urls: readonly string[]): Promise<number> {
  let failed = 0;
  let next = 0;
  const worker = async () => {
    while (next < urls.length) {
      const url = urls[next++]!;
      try {
        const response = await fetch(url, { credentials: 'same-origin' });
        if (!response.ok) failed += 1;
        // The body must be read for the worker to store it.
        await response.arrayBuffer();
      } catch {
        failed += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PICTURE_CONCURRENCY, urls.length) }, worker));
  return failed;
}

/**
 * Fetches the summary, then every chapter she may read (always from the server, so a chapter
 * changed there is refreshed), one at a time, then their pictures. Throws only when the summary
 * itself cannot be fetched; a chapter that fails is counted.
 */
export async function saveSummaryOffline(client: QueryClient, summaryId: string, onProgress: (progress: SaveProgress) => void = () => {}): Promise<SaveResult> {
  const summary = await client.fetchQuery({ ...summaryQueryOptions(summaryId), staleTime: 0 });
  const chapters = readableChapters(summary);
  const premiumSkipped = summary.chapters.length - chapters.length;
  const pictures = new Set<string>();
  let saved = 0;
  let failed = 0;
  onProgress({ done: 0, total: chapters.length });
  for (const [index, chapter] of chapters.entries()) {
    try {
      const content: ChapterContent = await client.fetchQuery({ ...chapterQueryOptions(summaryId, chapter.chapterId), staleTime: 0, retry: 1 });
      for (const url of pictureUrls(content.html)) pictures.add(url);
      saved += 1;
    } catch {
      failed += 1;
    }
    onProgress({ done: index + 1, total: chapters.length });
  }
  const picturesFailed = await warmPictures([...pictures]);
  return { saved, failed, premiumSkipped, pictures: pictures.size, picturesFailed };
}

/** The chapters of a summary whose text is on this device (saved or opened before). */
export function savedChapterIds(client: QueryClient, summaryId: string): string[] {
  const prefix = chapterQueryKey(summaryId, '').slice(0, 3);
  return client
    .getQueryCache()
    .findAll({ queryKey: prefix })
    .filter((query) => query.state.data !== undefined && query.queryKey.length === 4)
    .map((query) => String(query.queryKey[3]))
    .sort();
}
