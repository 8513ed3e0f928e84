import { tagsOf } from './tags.ts';
import { ImportRefused, type ImportedCard, type ImportLimits, type ImportProblem, type ParsedImport, type Separator, type TextOptions } from './types.ts';

const SEPARATOR_CHARS: Record<Exclude<Separator, 'custom'>, string> = { tab: '\t', comma: ',', semicolon: ';' };

/** Words a header row uses for its columns (Dutch and English, as Quizlet, Anki and spreadsheets name them). */
const HEADER_WORDS = new Set([
  'front', 'back', 'term', 'definition', 'question', 'answer', 'word', 'meaning', 'text', 'extra', 'tags',
  'voorkant', 'achterkant', 'begrip', 'definitie', 'vraag', 'antwoord', 'woord', 'betekenis', 'omschrijving',
  'uitleg', 'kaart', 'voorzijde', 'achterzijde', 'labels', 'label', 'tag', 'trefwoorden',
]);
/** Header words of a column of tags (space- or comma-separated in a cell). */
const TAG_HEADERS = new Set(['tags', 'tag', 'labels', 'label', 'trefwoorden']);

/** A parsed row: its cells and the line it starts on (1-based). */
interface Row {
  cells: string[];
  line: number;
}

/**
 * Splits text into rows of cells, RFC 4180 style: a cell in double quotes may hold the separator,
 * line breaks and doubled quotes (""); rows end at CRLF, LF or CR outside quotes. `maxRows` stops
 * early (a file past the card limit is refused without reading all of it).
 */
export function splitRows(text: string, separator: string, maxRows = Infinity): { rows: Row[]; unclosedQuoteLine: number | null } {
  const rows: Row[] = [];
  let cells: string[] = [];
  let cell = '';
  let line = 1;
  let rowLine = 1;
  let i = 0;
  let atCellStart = true;
  const sepLen = separator.length;
  const endRow = () => {
    cells.push(cell);
    if (!(cells.length === 1 && cells[0]!.trim() === '')) rows.push({ cells, line: rowLine });
    cells = [];
    cell = '';
    atCellStart = true;
  };
  while (i < text.length) {
    if (rows.length >= maxRows) return { rows, unclosedQuoteLine: null };
    const ch = text[i]!;
    if (atCellStart && ch === '"') {
      // a quoted cell: up to the closing quote that is not doubled
      const start = line;
      i++;
      let closed = false;
      while (i < text.length) {
        // the run up to the next quote at once (a cell of megabytes is sliced, not built a character at a time)
        const quote = text.indexOf('"', i);
        const end = quote < 0 ? text.length : quote;
        const run = text.slice(i, end);
        line += run.match(/\r\n|\r|\n/g)?.length ?? 0;
        cell += run.replace(/\r\n/g, '\n');
        i = end;
        if (quote < 0) break;
        if (text[quote + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        i++;
        closed = true;
        break;
      }
      if (!closed) return { rows, unclosedQuoteLine: start };
      atCellStart = false;
      continue;
    }
    if (text.startsWith(separator, i)) {
      cells.push(cell);
      cell = '';
      i += sepLen;
      atCellStart = true;
      continue;
    }
    if (ch === '\r' || ch === '\n') {
      endRow();
      i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1;
      line++;
      rowLine = line;
      continue;
    }
    // an unquoted run: up to the next separator or line end
    let end = i + 1;
    const sep = separator.charCodeAt(0);
    while (end < text.length) {
      const c = text.charCodeAt(end);
      if (c === 10 || c === 13 || (c === sep && text.startsWith(separator, end))) break;
      end++;
    }
    cell += text.slice(i, end);
    atCellStart = false;
    i = end;
  }
  if (cell !== '' || cells.length > 0) endRow();
  return { rows, unclosedQuoteLine: null };
}

/**
 * The separator of a text: the one of tab, semicolon and comma that splits most of the first
 * lines into two or more cells (tab first: Quizlet's export; then semicolon, which Dutch
 * spreadsheets write; then comma).
 */
export function detectSeparator(text: string): Exclude<Separator, 'custom'> {
  const sample = text.slice(0, 64 * 1024);
  let best: Exclude<Separator, 'custom'> = 'tab';
  let bestScore = -1;
  for (const name of ['tab', 'semicolon', 'comma'] as const) {
    const { rows } = splitRows(sample, SEPARATOR_CHARS[name], 50);
    if (rows.length === 0) continue;
    const split = rows.filter((r) => r.cells.length >= 2).length;
    const twoCells = rows.filter((r) => r.cells.length === 2).length;
    // most rows split; among equals, rows of exactly two cells (front, back) win
    const score = split * 1000 + twoCells;
    if (split > 0 && score > bestScore) {
      best = name;
      bestScore = score;
    }
  }
  return best;
}

const normaliseHeader = (cell: string) => cell.trim().toLowerCase().replace(/[^a-z]/g, '');

/** Whether a row names its columns (front/back, term/definition, vraag/antwoord, …). */
export function isHeaderRow(cells: string[]): boolean {
  const named = cells.filter((c) => c.trim() !== '');
  return named.length >= 2 && named.slice(0, 2).every((c) => HEADER_WORDS.has(normaliseHeader(c)));
}

/** Decodes UTF-8 (a byte-order mark dropped); anything else is refused. */
export function decodeText(bytes: Uint8Array): string {
  if (bytes.includes(0)) throw new ImportRefused('import_wrong_file', 'Dit is geen tekstbestand. Kies een .txt- of .csv-bestand, of plak de tekst.');
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new ImportRefused('import_wrong_file', 'Deze tekst is niet in UTF-8 opgeslagen. Sla het bestand op als UTF-8 en probeer het opnieuw.');
  }
}

/**
 * Text to cards: one card per row, the first cell the front, the second the back; a third cell
 * and more are left out with a remark. A row without a back is a problem (left out).
 */
export function parseText(bytes: Uint8Array, options: TextOptions, limits: ImportLimits): ParsedImport {
  const text = decodeText(bytes);
  if (text.trim() === '') throw new ImportRefused('import_empty', 'Er staat niets in deze tekst.');
  const separator = options.separator ?? detectSeparator(text);
  let sepChars: string;
  if (separator === 'custom') {
    const custom = options.customSeparator ?? '';
    if (custom === '' || /[\r\n"]/.test(custom)) throw new ImportRefused('import_wrong_file', 'Kies een eigen scheidingsteken zonder aanhalingsteken of regeleinde.');
    sepChars = custom;
  } else sepChars = SEPARATOR_CHARS[separator];
  // one row more than the limit (and a header) tells that it is past the limit
  const { rows, unclosedQuoteLine } = splitRows(text, sepChars, limits.maxCards + 2);
  const header = options.header ?? (rows.length > 0 && isHeaderRow(rows[0]!.cells));
  const body = header ? rows.slice(1) : rows;
  // a header naming a column of tags (after the front and back): its cells are the card's tags
  const tagColumn = header ? rows[0]!.cells.findIndex((c, i) => i >= 2 && TAG_HEADERS.has(normaliseHeader(c))) : -1;
  if (body.length > limits.maxCards) {
    throw new ImportRefused('import_too_many_cards', `Dit bestand heeft meer dan ${limits.maxCards.toLocaleString('nl-NL')} kaarten. Splits het in kleinere bestanden.`);
  }
  const cards: ImportedCard[] = [];
  const problems: ImportProblem[] = [];
  const lineKb = Math.round(limits.maxNoteBytes / 1024).toLocaleString('nl-NL');
  for (const row of body) {
    const where = `regel ${row.line}`;
    // a line past maxNoteBytes does not go back to the server as a card
    if (row.cells.reduce((n, c) => n + Buffer.byteLength(c), 0) > limits.maxNoteBytes) {
      problems.push({ where, message: `Deze regel is groter dan ${lineKb} kB en is weggelaten.`, skipped: true });
      continue;
    }
    const [front = '', back = '', ...rest] = row.cells.map((c) => c.trim());
    if (row.cells.length < 2) {
      problems.push({ where, message: 'Geen scheidingsteken gevonden: deze regel heeft alleen een voorkant.', skipped: true });
      continue;
    }
    if (front === '' || back === '') {
      problems.push({ where, message: front === '' ? 'De voorkant is leeg.' : 'De achterkant is leeg.', skipped: true });
      continue;
    }
    const tags = tagColumn >= 0 ? tagsOf((row.cells[tagColumn] ?? '').split(/[\s,;]+/).join(' '), null) : [];
    const others = rest.filter((_c, i) => i + 2 !== tagColumn);
    if (others.some((c) => c !== '')) problems.push({ where, message: `${others.length === 1 ? 'Een derde kolom is' : 'Kolommen na de tweede zijn'} weggelaten.`, skipped: false });
    cards.push({ front, back, frontPicture: null, backPicture: null, tags, source: where });
  }
  if (unclosedQuoteLine !== null) {
    problems.push({ where: `regel ${unclosedQuoteLine}`, message: 'Een aanhalingsteken wordt niet gesloten: de rest van de tekst is weggelaten.', skipped: true });
  }
  return {
    format: 'text',
    deckName: null,
    separator,
    customSeparator: separator === 'custom' ? sepChars : null,
    header,
    cards,
    problems,
    notices: [],
    noteTypes: [],
    pictures: {},
  };
}
