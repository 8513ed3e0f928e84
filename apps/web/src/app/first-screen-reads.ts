/**
 * The API reads of the screen a first visit opens (decision 014, "first-visit data"), by address:
 * main.tsx asks for them (`fetchEarly`) in its first task, while the app's code is still on its way,
 * instead of when the router's loader runs after it. They must be exactly the paths the screen's
 * loader asks for (router.tsx `prefetch`); `first-screen-reads.test.ts` holds the two together.
 * Signed out there is nothing to read. Kept free of imports: it is part of the entry chunk.
 */
export function firstScreenReads(pathname: string, signedIn: boolean): string[] {
  if (!signedIn) return [];
  const reader = /^\/summary\/read\/([^/]+)(?:\/([^/]+))?\/?$/.exec(pathname);
  if (reader) {
    const [, id = '', chapterId] = reader;
    // /summary/read/{id}/chapters is the chapter list, a screen of its own
    if (chapterId === 'chapters') return [];
    const summary = `summaries/${segment(id)}`;
    return chapterId ? [summary, `${summary}/chapters/${segment(chapterId)}`] : [summary];
  }
  if (pathname === '/' || /^\/home\/?$/.test(pathname)) return ['user/profile', 'home/continue', 'home-banner/'];
  if (/^\/bibliotheek\/?$/.test(pathname)) return ['library', 'library/suggestions'];
  return [];
}

/** A segment of the address as the screen's query writes it (the router decodes params; the query encodes them). */
function segment(raw: string): string {
  try {
    return encodeURIComponent(decodeURIComponent(raw));
  } catch {
    return encodeURIComponent(raw);
  }
}
