import { createHmac, randomBytes } from 'node:crypto';

/*
 * Answer ids that say nothing (issue 40). The content names an answer `<question>-a<n>`, and the
 * right one is `a1` most of the time: sent as is, the id that sorts first would pass an exam. A
 * practice session and a mock exam therefore each get a random key (`answer_key`, stored with it),
 * and every answer id the API sends for it is an HMAC of the content id under that key, cut to 16
 * hex characters: the same on every call, device and in the offline cache within the session,
 * different in the next, and no order among them says anything. Answers she sends come back with
 * these ids and are mapped to the content ids here; content ids are what is stored (item analysis
 * and releases keep reading them).
 */

/** A new session's key: 128 random bits as 32 hex characters. */
export const newAnswerKey = (): string => randomBytes(16).toString('hex');

/** Length of a shown id in hex characters (64 bits: no two answers of a question meet). */
const SHOWN_ID_LENGTH = 16;

/** The id a session with this key shows for a content answer id. */
export function shownAnswerId(key: string, contentId: string): string {
  return createHmac('sha256', key).update(contentId).digest('hex').slice(0, SHOWN_ID_LENGTH);
}

/** A session's key: its stored key; a row written outside the API without one falls back to its id. */
export const keyOf = (row: { id: string; answer_key: string | null }): string => row.answer_key ?? row.id;

/**
 * The shown ids of one session, both ways, for the answers of the questions it was given. `toShown`
 * of an unknown content id and `toContent` of an id no answer has are undefined.
 */
export class AnswerIds {
  private readonly shown = new Map<string, string>();
  private readonly content = new Map<string, string>();

  constructor(private readonly key: string) {}

  /** The shown id of a content answer id (computed once, remembered for the way back). */
  toShown(contentId: string): string {
    let id = this.shown.get(contentId);
    if (id === undefined) {
      id = shownAnswerId(this.key, contentId);
      this.shown.set(contentId, id);
      this.content.set(id, contentId);
    }
    return id;
  }

  /** The content ids behind shown ids among a question's answers; undefined when any is not one of them. */
  toContent(shownIds: readonly string[], contentIds: readonly string[]): string[] | undefined {
    for (const c of contentIds) this.toShown(c);
    const allowed = new Set(contentIds);
    const out: string[] = [];
    for (const s of shownIds) {
      const c = this.content.get(s);
      if (c === undefined || !allowed.has(c)) return undefined;
      out.push(c);
    }
    return out;
  }
}
