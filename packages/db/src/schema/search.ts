// The one search (issue 41, decision 040): an entry per searchable text (a page of her PDF, one of
// her cards, a chapter of Blok's summaries) with its text folded, indexed by SQLite's FTS5 or
// PostgreSQL's full-text search with the Dutch dictionary.
// Owner: apps/api/src/search. Only the owner's code names them in a query; another feature asks the
// owner's service (decision 020; eslint.config.js reads this file).

/** One searchable text. */
export interface SearchEntriesTable {
  id: string;
  /** whose it is; null: Blok's own content, found by everyone */
  user_id: string | null;
  kind: 'page' | 'card' | 'chapter';
  /** the file, card or chapter */
  ref_id: string;
  /** the course, set or summary it is in */
  parent_id: string;
  /** a file's page number; 0 for the others */
  page: number;
  /** the file's name, the set's title, the chapter's title */
  title: string;
  /** the course's name, '' for a card, the summary's title */
  context: string;
  /** the text as written (snippets are cut from it) */
  text: string;
  /** the text folded (lower case, no diacritics): what the index reads */
  folded: string;
  /** a Premium chapter: found by everyone, its text shown only to Premium */
  premium: number;
}

/** What the index was last filled from, per source that is synchronised lazily (her cards, the summaries). */
export interface SearchSourcesTable {
  source: string;
  fingerprint: string;
  indexed_at: string;
}

/**
 * A file whose page entries are staged (migration 0050): its entries exist but are never found until
 * its upload's command removes this row (or the entries go with it).
 */
export interface SearchStagedTable {
  /** the entries' ref_id (the file) */
  ref_id: string;
  user_id: string;
  created_at: string;
}

export interface SearchTables {
  search_entries: SearchEntriesTable;
  search_sources: SearchSourcesTable;
  search_staged: SearchStagedTable;
}
