import {
  CARD_IMPORT_PREVIEW_CARDS,
  type CardImportConfirmQuery,
  type CardImportPreview,
  type CardImportQuery,
  type OwnSetDetail,
} from '@blok/contract';
import { exportFileName } from '@blok/domain';
import { AppError } from '../errors.ts';
import { clozeNumbers, keepClozes } from './anki.ts';
import { writeApkg, type ApkgMedia, type ApkgNote } from './apkg.ts';
import { toCsv } from './csv.ts';
import type { ParseRunner, ParseTicket } from './runner.ts';
import { ImportRefused, type ImportedCard, type ImportLimits, type NoteOrigin, type ParsedImport, type ParseRequest, type RefusalCode } from './types.ts';

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
    cards: Array<{
      front: string;
      back: string;
      frontPicture?: SetPicture | null;
      backPicture?: SetPicture | null;
      tags?: string[];
      chapterId?: string | null;
      /** the Anki note it came from (JSON of a NoteOrigin), kept as it is until she changes the card */
      sourceNote?: string | null;
    }>,
  ): Promise<OwnSetDetail>;
  /** a set of hers with each card's sides and pictures; another student's set is not found */
  exportSet(
    userId: string,
    setId: string,
  ): Promise<{
    set: { title: string };
    cards: Array<{
      id: string;
      front: string;
      back: string;
      frontHtml: string;
      backHtml: string;
      frontPicture: { mime: string; data: Buffer } | null;
      backPicture: { mime: string; data: Buffer } | null;
      tags: string[];
      sourceNote: string | null;
    }>;
  }>;
}

type ExportCard = Awaited<ReturnType<OwnSets['exportSet']>>['cards'][number];

/** A card's stored note origin, if it is one Blok wrote (anything else: a card of its own). */
function originOf(json: string | null): NoteOrigin | null {
  if (!json) return null;
  try {
    const o = JSON.parse(json) as Partial<Record<string, unknown>>;
    if (typeof o.id !== 'string' || typeof o.ord !== 'number' || !Number.isInteger(o.ord) || o.ord < 0) return null;
    if (o.kind === 'reversed' && (o.ord === 0 || o.ord === 1)) return { id: o.id, kind: 'reversed', ord: o.ord };
    if (o.kind === 'cloze' && typeof o.text === 'string' && typeof o.extra === 'string') return { id: o.id, kind: 'cloze', ord: o.ord, text: o.text, extra: o.extra };
  } catch {
    // not ours
  }
  return null;
}

/**
 * Her cards as Anki notes (issue 38): the cards of one reversed note go out as one "Basic (and
 * reversed card)" note when both are still as imported, the cards of one cloze note as one Cloze
 * note with the deletions whose cards she kept (the others stay as text), every other card as a
 * Basic note. A note sits where its first card is in her order.
 */
export function notesOf(cards: readonly ExportCard[]): Array<{ kind: ApkgNote['kind']; cards: ExportCard[]; origin: NoteOrigin | null }> {
  const notes: Array<{ kind: ApkgNote['kind']; cards: ExportCard[]; origin: NoteOrigin | null }> = [];
  const groups = new Map<string, (typeof notes)[number]>();
  for (const card of cards) {
    const origin = originOf(card.sourceNote);
    if (!origin) {
      notes.push({ kind: 'basic', cards: [card], origin: null });
      continue;
    }
    const key = `${origin.kind}:${origin.id}`;
    const group = groups.get(key);
    if (group) group.cards.push(card);
    else {
      const created = { kind: origin.kind, cards: [card], origin };
      groups.set(key, created);
      notes.push(created);
    }
  }
  const out: typeof notes = [];
  for (const note of notes) {
    if (note.kind === 'basic') {
      out.push(note);
      continue;
    }
    const ords = note.cards.map((c) => originOf(c.sourceNote)!.ord);
    const unique = new Set(ords);
    const valid =
      note.kind === 'reversed'
        ? note.cards.length === 2 && unique.has(0) && unique.has(1)
        : unique.size === ords.length && ords.every((o) => clozeNumbers((note.origin as Extract<NoteOrigin, { kind: 'cloze' }>).text).includes(o + 1));
    if (valid) out.push(note);
    else for (const card of note.cards) out.push({ kind: 'basic', cards: [card], origin: null });
  }
  return out;
}

export interface CardImportOptions {
  limits: ImportLimits;
  /** the longest side a card may have (OWN_CARD_SIDE_MAX) */
  maxSideChars: number;
  /** a side's Markdown as the set will show it (the set's own renderer): the preview's few cards */
  render: (markdown: string) => string;
  /** many sides as `render` makes each, off the event loop (the work threads): an export's cloze notes */
  renderMany?: (markdowns: string[], userId: string) => Promise<string[]>;
  /** writes the .apkg off the event loop (the work threads; writeApkg, for the student it is for) */
  writeApkg?: (input: { deckName: string; notes: ApkgNote[]; media: ApkgMedia[] }, userId: string) => Promise<Uint8Array>;
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

/** A file name from a set's title (exportFileName, shared with the web app). */
export const fileNameOf = (title: string, ext: keyof typeof EXTENSIONS) => exportFileName(title, EXTENSIONS[ext]);

export { contentDisposition } from '../uploads/content-disposition.ts';

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
    const cards = parsed.cards.map((c) => ({
      front: c.front,
      back: c.back,
      frontPicture: picture(c.frontPicture),
      backPicture: picture(c.backPicture),
      tags: c.tags,
      chapterId,
      sourceNote: c.note ? JSON.stringify(c.note) : null,
    }));
    // the set's unit of work is the command's: its result (the new set) is the response stored with the change
    return this.sets.createSetWithCards(userId, { title: query.title, description: '', subjectId: query.subjectId ?? null }, cards);
  }

  /**
   * One of her sets as a file: CSV (front, back, tags; Anki's headers) or an .apkg Anki opens, with
   * her reversed and cloze notes as Anki's own note types (notesOf).
   */
  async export(userId: string, setId: string, format: 'csv' | 'apkg'): Promise<{ fileName: string; contentType: string; body: Buffer }> {
    const { set, cards } = await this.sets.exportSet(userId, setId);
    if (format === 'csv') {
      return { fileName: fileNameOf(set.title, 'csv'), contentType: 'text/csv; charset=utf-8', body: toCsv(cards.map((c) => [c.front, c.back, c.tags])) };
    }
    const media: ApkgMedia[] = [];
    const withPicture = (html: string, p: { mime: string; data: Buffer } | null, name: string) => {
      if (!p) return html;
      const file = `${name}.${p.mime.split('/')[1] === 'jpeg' ? 'jpg' : (p.mime.split('/')[1] ?? 'webp')}`;
      media.push({ name: file, bytes: p.data });
      return `${html}<div><img src="${file}"></div>`;
    };
    const { render } = this.options;
    const renderMany = this.options.renderMany ?? (async (markdowns: string[]) => markdowns.map(render));
    const grouped = notesOf(cards);
    // the cloze notes' text and extra, rendered together off the event loop
    const clozeSides = grouped.flatMap((note) => {
      if (note.kind !== 'cloze') return [];
      const origin = note.origin as Extract<NoteOrigin, { kind: 'cloze' }>;
      const ords = note.cards.map((c) => originOf(c.sourceNote)!.ord);
      return [keepClozes(origin.text, new Set(ords.map((o) => o + 1))), origin.extra];
    });
    const rendered = clozeSides.length > 0 ? await renderMany(clozeSides, userId) : [];
    let nextCloze = 0;
    const notes: ApkgNote[] = grouped.map((note, i) => {
      const name = (side: string) => `blok-${i + 1}-${side}`;
      const key = note.cards.map((c) => c.id).sort()[0]!;
      const first = note.cards[0]!;
      if (note.kind === 'cloze') {
        const origin = note.origin as Extract<NoteOrigin, { kind: 'cloze' }>;
        const ords = note.cards.map((c) => originOf(c.sourceNote)!.ord).sort((a, b) => a - b);
        const [textHtml, extraHtml] = [rendered[nextCloze++]!, rendered[nextCloze++]!];
        // a card's picture: on the text (the front shows it, and so does the back), else under the extra
        const pictured = note.cards.find((c) => c.frontPicture) ?? note.cards.find((c) => c.backPicture);
        const text = withPicture(textHtml, pictured?.frontPicture ?? null, name('tekst'));
        const extra = withPicture(origin.extra ? extraHtml : '', pictured?.frontPicture ? null : (pictured?.backPicture ?? null), name('extra'));
        return { kind: 'cloze', fields: [text, extra], tags: first.tags, ords, key };
      }
      // a reversed note's fields are its first card's sides
      const card = note.kind === 'reversed' ? note.cards.find((c) => originOf(c.sourceNote)!.ord === 0)! : first;
      return {
        kind: note.kind,
        fields: [withPicture(card.frontHtml, card.frontPicture, name('voorkant')), withPicture(card.backHtml, card.backPicture, name('achterkant'))],
        tags: card.tags,
        ords: note.kind === 'reversed' ? [0, 1] : [0],
        key,
      };
    });
    // SQLite, the zip and the pictures' bytes on a work thread (issue 38: 1.7-3.9 s of the event loop for 380 pictures)
    const write = this.options.writeApkg ?? ((input: { deckName: string; notes: ApkgNote[]; media: ApkgMedia[] }) => writeApkg(input.deckName, input.notes, input.media));
    const bytes = await write({ deckName: set.title, notes, media }, userId);
    const body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return { fileName: fileNameOf(set.title, 'apkg'), contentType: 'application/octet-stream', body };
  }
}
