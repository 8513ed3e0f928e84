// How search compares text: accents and case do not matter ('Ethiek' finds 'ethiek', 'e' finds 'é').
// The API stores every subject's folded title and description at import and folds the query the same
// way, so SQLite and PostgreSQL compare plain lower-case text alike.

/** Lower case without diacritics (é -> e, ï -> i, Ç -> c); whitespace runs become one space. */
export function foldForSearch(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The text a subject is found by: its folded title and description. */
export function subjectSearchText(subject: { title: string; description: string }): string {
  return foldForSearch(`${subject.title} ${subject.description}`);
}
