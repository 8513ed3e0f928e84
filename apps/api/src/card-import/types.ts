/**
 * What the card importer reads out of a file (text or an Anki package) and hands back from the
 * worker: the cards as they will be stored, every problem, and the pictures they use.
 */

/** The limits of one import (env.ts: CARD_IMPORT_*; README "Kaarten importeren"). */
export interface ImportLimits {
  /** largest upload, bytes */
  maxFileBytes: number;
  /** most bytes the whole package may unpack to (collection, media list, pictures together) */
  maxUnpackedBytes: number;
  /** most cards one import makes */
  maxCards: number;
  /** most pictures one import keeps */
  maxPictures: number;
  /** largest picture kept, bytes (a larger one is left out, with a problem in the preview) */
  maxPictureBytes: number;
  /** largest note (all its fields) or text line, bytes: a larger one is left out, with a problem in the preview */
  maxNoteBytes: number;
  /** largest window a zstd frame without a declared size may ask for, bytes (Anki writes 2 MiB) */
  zstdMaxWindowBytes: number;
}

export const DEFAULT_IMPORT_LIMITS: ImportLimits = {
  maxFileBytes: 50 * 1024 * 1024,
  maxUnpackedBytes: 200 * 1024 * 1024,
  maxCards: 1000,
  maxPictures: 500,
  maxPictureBytes: 2 * 1024 * 1024,
  maxNoteBytes: 100 * 1024,
  zstdMaxWindowBytes: 8 * 1024 * 1024,
};

export type PictureType = 'image/png' | 'image/jpeg' | 'image/webp';

export interface ImportedPicture {
  /** the name the package gives it (a plain file name) */
  name: string;
  type: PictureType;
  bytes: Uint8Array;
}

/** One card as it will be stored: light Markdown on each side, an optional picture per side. */
export interface ImportedCard {
  front: string;
  back: string;
  /** key into ParsedImport.pictures, or null */
  frontPicture: string | null;
  backPicture: string | null;
  tags: string[];
  /** where it came from, in Dutch: "regel 4", "notitie 12, kaart 2" */
  source: string;
  /** the Anki note it is one card of, when that note makes more than one card of a kind Anki has (null: a card of its own) */
  note?: NoteOrigin | null;
}

/**
 * What a card remembers of the Anki note it came from, so that an export gives Anki the note back
 * (issue 38): the cards of one reversed note (Basic (and reversed card)), or of one cloze note with
 * its text, deletions and all, and its extra, as her Markdown.
 */
export type NoteOrigin =
  | { id: string; kind: 'reversed'; ord: 0 | 1 }
  | { id: string; kind: 'cloze'; ord: number; text: string; extra: string };

/** Something wrong with one line or note: that card is left out unless she fixes the file. */
export interface ImportProblem {
  /** "regel 4", "notitie 12" */
  where: string;
  /** what is wrong, in Dutch */
  message: string;
  /** true: the card is left out; false: the card is imported, with this remark (e.g. a picture too large) */
  skipped: boolean;
}

/** A note type of an Anki package and which of its fields go on the front and the back. */
export interface ImportNoteType {
  id: string;
  name: string;
  kind: 'standard' | 'cloze';
  fields: string[];
  front: number;
  back: number;
  notes: number;
}

export type Separator = 'tab' | 'comma' | 'semicolon' | 'custom';

export interface ParsedImport {
  format: 'text' | 'apkg' | 'colpkg';
  /** the deck's name (Anki), or null */
  deckName: string | null;
  /** text: the separator used and whether the first line was a header */
  separator: Separator | null;
  customSeparator: string | null;
  header: boolean;
  cards: ImportedCard[];
  problems: ImportProblem[];
  /** remarks on the whole file, in Dutch (sound left out, …) */
  notices: string[];
  noteTypes: ImportNoteType[];
  /** the pictures the cards use, by name */
  pictures: Record<string, ImportedPicture>;
}

export interface TextOptions {
  /** undefined: detected */
  separator?: Separator;
  customSeparator?: string;
  /** undefined: recognised */
  header?: boolean;
}

export interface AnkiOptions {
  /** per note type id: which field goes on the front and which on the back */
  mapping?: Record<string, { front: number; back: number }>;
}

export interface ParseRequest {
  source: 'text' | 'apkg' | 'colpkg';
  bytes: Uint8Array;
  text?: TextOptions;
  anki?: AnkiOptions;
  limits: ImportLimits;
}

/** Codes of a file refused as a whole (nothing is stored). */
export type RefusalCode = 'import_too_large' | 'import_too_many_cards' | 'import_wrong_file' | 'import_unsafe_file' | 'import_damaged' | 'import_empty';

/** A file refused as a whole, with a Dutch reason. */
export class ImportRefused extends Error {
  constructor(
    readonly code: RefusalCode,
    message: string,
  ) {
    super(message);
    this.name = 'ImportRefused';
  }
}

export type ParseResponse = { ok: true; result: ParsedImport } | { ok: false; code: RefusalCode; message: string };
