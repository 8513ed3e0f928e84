import { OWN_CARD_TAGS_MAX, OWN_CARD_TAG_MAX } from '@blok/contract/own-card-limits';

/**
 * A card's tags from a note's tags (Anki: space-separated, no spaces inside a tag) and, for a card
 * in a sub-deck, that sub-deck's path below the set's deck: each once (case-insensitively), cut to
 * the limits of a card (OWN_CARD_TAGS_MAX tags of OWN_CARD_TAG_MAX characters).
 */
export function tagsOf(noteTags: string, subDeck: string | null): string[] {
  const all = noteTags.split(/\s+/).filter(Boolean);
  if (subDeck) all.push(subDeck.replace(/\s+/g, '_'));
  const out: string[] = [];
  for (const tag of all) {
    const t = tag.slice(0, OWN_CARD_TAG_MAX);
    if (!out.some((o) => o.toLowerCase() === t.toLowerCase())) out.push(t);
  }
  return out.slice(0, OWN_CARD_TAGS_MAX);
}
