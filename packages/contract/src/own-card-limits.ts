/**
 * Most tags on one card, and the longest tag (Anki's tags: no spaces; "a::b" is a sub-tag). Plain
 * constants without zod: the card import's parsing thread reads them without loading the schemas
 * (0.3-0.5 s of its start on a busy machine).
 */
export const OWN_CARD_TAGS_MAX = 20;
export const OWN_CARD_TAG_MAX = 60;
