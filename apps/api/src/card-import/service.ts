import {
  CARD_IMPORT_PREVIEW_CARDS,
  type CardImportConfirmQuery,
  type CardImportPreview,
  type CardImportQuery,
  type OwnSetDetail,
} from '@blok/contract';
import { AppError } from '../errors.ts';
import { writeApkg } from './apkg.ts';
import { toCsv } from './csv.ts';
import type { ParseRunner, ParseTicket } from './runner.ts';
import { ImportRefused, type ImportedCard, type ImportLimits, type ParsedImport, type ParseRequest, type RefusalCode } from './types.ts';

/** A picture as the set's owner takes it: bytes and the type its magic bytes showed. */
export interface SetPicture {
  data: Buffer;
  type: string;
}

/** What import and export need of her own sets (apps/api/src/flashcards owns them, decision 020). */
export interface OwnSets {
  /** one set with all its cards in one unit of work (pictures checked before it) */
  createSetWithCards(
    userId: string,
    input: { title: string; description?: string; subjectId?: string | null },
    cards: Array<{ front: string; back: string; frontPicture?: SetPicture | null; backPicture?: SetPicture | null; tags?: string[]; chapterId?: string | null }>,
  ): Promise<OwnSetDetail>;
  /** a set of hers with each card's sides and pictures; another student's set is not found */
  exportSet(
    userId: string,
    setId: string,
  ): Promise<{
    set: { title: string };
    cards: Array<{
      front: string;
      back: string;
      frontHtml: string;
      backHtml: string;
      frontPicture: { mime: string; data: Buffer } | null;
      backPicture: { mime: string; data: Buffer } | null;
      tags: string[];
    }>;
  }>;
}

export interface CardImportOptions {
  limits: ImportLimits;
  /** the longest side a card may have (OWN_CARD_SIDE_MAX) */
  maxSideChars: number;
  /** a side's Markdown as the set will show it (the set's own renderer) */
  render: (markdown: string) => string;
  /** the parsing threads, shared fairly between students (runner.ts) */
  runner: ParseRunner;
}

/** The file of a request: its bytes. */
export interface ImportFile {
  data: Buffer;
}

const STATUS_CODE: Record<RefusalCode, AppError['code']> = {
  import_too_large: 'file_too_large',
  import_wrong_file: 'unsupported_file_type',
  import_too_many_cards: 'import_too_many_cards',
  import_unsafe_file: 'import_unsafe_file',
  import_damaged: 'import_damaged',
  import_empty: 'import_empty',
};

const EXTENSIONS = { apkg: 'apkg', csv: 'csv' } as const;

/** A file name from a set's title: letters, digits, spaces and dashes. */
export const fileNameOf = (title: string, ext: keyof typeof EXTENSIONS) => `${title.replace(/[^\p{L}\p{N} _-]+/gu, '').trim().slice(0, 80) || 'kaarten'}.${EXTENSIONS[ext]}`;

/**
 * Import (issue 28, decision 024): a file to a preview (nothing stored), the same file again to
 * one new set of hers with all its cards in one transaction; and export of her sets as CSV and
 * .apkg. Parsing runs in a worker thread (runner.ts); the sets are written by their owner's
 * service.
 */
export class CardImportService {
  constructor(
    private readonly sets: OwnSets,
    private readonly options: CardImportOptions,
  ) {}

  get limits(): ImportLimits {
    return this.options.limits;
  }

  private async parse(file: ImportFile, query: CardImportQuery, ticket: ParseTicket): Promise<ParsedImport> {
    const mapping: Record<string, { front: number; back: number }> = {};
    for (const part of query.mapping ? query.mapping.split(',') : []) {
      const [id, front, back] = part.split(':');
      mapping[id!] = { front: Number(front), back: Number(back) };
    }
    const req: ParseRequest = {
      source: query.source,
      bytes: new Uint8Array(file.data.buffer, file.data.byteOffset, file.data.byteLength),
      limits: this.options.limits,
      text: { separator: query.separator, customSeparator: query.customSeparator, header: query.header === undefined ? undefined : query.header === 'yes' },
      anki: { mapping },
    };
    let parsed: ParsedImport;
    try {
      parsed = await this.options.runner.parse(ticket, req);
    } catch (err) {
      if (err instanceof ImportRefused) throw new AppError(STATUS_CODE[err.code], err.message);
      throw err;
    }
    // a side longer than a card holds is that card's problem, not the whole file's
    const max = this.options.maxSideChars;
    const kept: ImportedCard[] = [];
    for (const card of parsed.cards) {
      if (card.front.length > max || card.back.length > max) {
        parsed.problems.push({ where: card.source, message: `Een kant is langer dan ${max.toLocaleString('nl-NL')} tekens.`, skipped: true });
      } else kept.push(card);
    }
    parsed.cards = kept;
    return parsed;
  }

  /** What the file gives: how many cards, the first few as they will look, every problem. Stores nothing. */
  async preview(file: ImportFile, query: CardImportQuery, ticket: ParseTicket): Promise<CardImportPreview> {
    const parsed = await this.parse(file, query, ticket);
    const { render } = this.options;
    const used = new Set(parsed.cards.flatMap((c) => [c.frontPicture, c.backPicture]).filter((p) => p !== null));
    return {
      source: parsed.format,
      suggestedTitle: (parsed.deckName ?? '').slice(0, 120),
      separator: parsed.separator,
      customSeparator: parsed.customSeparator,
      header: parsed.header,
      cardCount: parsed.cards.length,
      skippedCount: parsed.problems.filter((p) => p.skipped).length,
      pictureCount: used.size,
      cards: parsed.cards.slice(0, CARD_IMPORT_PREVIEW_CARDS).map((c) => ({
        source: c.source,
        front: c.front,
        back: c.back,
        frontHtml: render(c.front),
        backHtml: render(c.back),
        frontPicture: c.frontPicture,
        backPicture: c.backPicture,
        tags: c.tags,
      })),
      problems: parsed.problems,
      notices: parsed.notices,
      noteTypes: parsed.noteTypes,
    };
  }

  /**
   * The file to a new set of hers: all cards or none. A card with a problem stops the import
   * unless she chose to leave those out (skipProblems=yes). Answers the new set with its cards.
   */
  async import(userId: string, file: ImportFile, query: CardImportConfirmQuery, ticket: ParseTicket): Promise<OwnSetDetail> {
    const parsed = await this.parse(file, query, ticket);
    const skipped = parsed.problems.filter((p) => p.skipped).length;
    if (skipped > 0 && query.skipProblems !== 'yes') {
      throw new AppError('import_has_problems', `${skipped === 1 ? 'Eén kaart heeft' : `${skipped} kaarten hebben`} een probleem. Kies of je de rest wilt importeren.`);
    }
    if (parsed.cards.length === 0) throw new AppError('import_empty', 'Er is geen kaart over om te importeren.');
    const picture = (name: string | null): SetPicture | null => {
      const p = name ? parsed.pictures[name] : undefined;
      return p ? { data: Buffer.from(p.bytes.buffer, p.bytes.byteOffset, p.bytes.byteLength), type: p.type } : null;
    };
    if (query.chapterId && !query.subjectId) throw new AppError('invalid_request', 'Kies eerst het vak waar het hoofdstuk in staat.');
    const chapterId = query.chapterId ?? null;
    const cards = parsed.cards.map((c) => ({ front: c.front, back: c.back, frontPicture: picture(c.frontPicture), backPicture: picture(c.backPicture), tags: c.tags, chapterId }));
    // the set's unit of work is the command's: its result (the new set) is the response stored with the change
    return this.sets.createSetWithCards(userId, { title: query.title, description: '', subjectId: query.subjectId ?? null }, cards);
  }

  /** One of her sets as a file: CSV (voorkant, achterkant) or an .apkg Anki opens. */
  async export(userId: string, setId: string, format: 'csv' | 'apkg'): Promise<{ fileName: string; contentType: string; body: Buffer }> {
    const { set, cards } = await this.sets.exportSet(userId, setId);
    if (format === 'csv') {
      return { fileName: fileNameOf(set.title, 'csv'), contentType: 'text/csv; charset=utf-8', body: toCsv(cards.map((c) => [c.front, c.back, c.tags])) };
    }
    const media: Array<{ name: string; bytes: Uint8Array }> = [];
    const withPicture = (html: string, p: { mime: string; data: Buffer } | null, name: string) => {
      if (!p) return html;
      const file = `${name}.${p.mime.split('/')[1] === 'jpeg' ? 'jpg' : (p.mime.split('/')[1] ?? 'webp')}`;
      media.push({ name: file, bytes: p.data });
      return `${html}<div><img src="${file}"></div>`;
    };
    const notes = cards.map((c, i) => ({
      frontHtml: withPicture(c.frontHtml, c.frontPicture, `blok-${i + 1}-voorkant`),
      backHtml: withPicture(c.backHtml, c.backPicture, `blok-${i + 1}-achterkant`),
      tags: c.tags,
    }));
    return { fileName: fileNameOf(set.title, 'apkg'), contentType: 'application/octet-stream', body: await writeApkg(set.title, notes, media) };
  }
}
