import { timeZone } from '../features/plan/utils/time-zone.ts';
import { firstScreenOf } from './first-screens.ts';

/**
 * The API reads of the screen a first visit opens (decision 014, "first-visit data"), by address:
 * main.tsx asks for them (`fetchEarly`) in its first task, while the app's code is still on its way,
 * instead of when the router's loader runs after it. Which screen an address opens is the one list's
 * (first-screens.ts); the reads must be exactly the paths the screen's loader asks for (router.tsx
 * `prefetch`), which `first-screen-reads.test.ts` holds together. Signed out there is nothing to read.
 */
export function firstScreenReads(pathname: string, signedIn: boolean): string[] {
  if (!signedIn) return [];
  switch (firstScreenOf(pathname, signedIn)) {
    case 'home':
      // 'Vandaag' (plan/today) with the rest: not after the banner's answer (issue 43)
      return ['user/profile', 'home/continue', 'home-banner/', `plan/today?timeZone=${encodeURIComponent(timeZone())}`];
    case 'library':
      return ['library', 'library/suggestions'];
    case 'reader': {
      const [, id, chapterId] = /^\/summary\/read\/([^/]+)(?:\/([^/]+))?\/?$/.exec(pathname) ?? [];
      // /summary/read/{id}/chapters is the chapter list, a screen of its own
      if (!id || chapterId === 'chapters') return [];
      const summary = `summaries/${segment(id)}`;
      return chapterId ? [summary, `${summary}/chapters/${segment(chapterId)}`] : [summary];
    }
    default:
      return [];
  }
}

/** A segment of the address as the screen's query writes it (the router decodes params; the query encodes them). */
function segment(raw: string): string {
  try {
    return encodeURIComponent(decodeURIComponent(raw));
  } catch {
    return encodeURIComponent(raw);
  }
}
