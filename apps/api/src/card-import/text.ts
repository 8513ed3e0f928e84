import { FORMULA_START } from './csv.ts';
import { ankiHtmlToMarkdown } from './html.ts';
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

/** Anki's names of separators in a `#separator:` header (rslib text/csv/metadata.rs), and the characters themselves. */
const HEADER_SEPARATORS: Record<string, string> = { comma: ',', semicolon: ';', tab: '\t', space: ' ', pipe: '|', colon: ':' };

/** What Anki's file headers at the top of a text say (`#separator:…`, `#html:…`, `#columns:…`, `#tags column:…`). */
interface AnkiHeaders {
  separator?: string;
  html?: boolean;
  /** the `#columns:` value (cells split by the separator) */
  columns?: string;
  /** 1-based */
  tagsColumn?: number;
  /** how many lines the headers take */
  lines: number;
}

/** The keys of Anki's file headers (rslib text/csv/metadata.rs parse_meta_value). */
const HEADER_KEYS = new Set(['separator', 'html', 'tags', 'columns', 'notetype', 'deck', 'notetype column', 'deck column', 'tags column', 'guid column', 'match scope', 'if matches']);

/**
 * Anki's file headers: lines at the top of a text that start with `#key:` for one of Anki's keys
 * (Anki's text export writes them, and so does Blok's CSV export). They are read and left out of
 * the cards; a first card such as "#Hoofdstuk: cellen" stays a card.
 */
function readAnkiHeaders(text: string): { headers: AnkiHeaders; rest: string } {
  const headers: AnkiHeaders = { lines: 0 };
  let at = 0;
  for (;;) {
    const end = text.indexOf('\n', at);
    const line = (end === -1 ? text.slice(at) : text.slice(at, end)).replace(/\r$/, '');
    const m = /^#([A-Za-z ]+):(.*)$/.exec(line);
    const key = m ? m[1]!.trim().toLowerCase() : '';
    if (!m || !HEADER_KEYS.has(key)) break;
    headers.lines++;
    const value = m[2]!;
    if (key === 'separator') {
      const v = value.trim().toLowerCase();
      const chars = HEADER_SEPARATORS[v] ?? (Object.values(HEADER_SEPARATORS).includes(value) ? value : undefined);
      if (chars) headers.separator = chars;
    } else if (key === 'html' && /^(true|false)$/i.test(value.trim())) headers.html = value.trim().toLowerCase() === 'true';
    else if (key === 'columns') headers.columns = value;
    else if (key === 'tags column' && /^\d+$/.test(value.trim())) headers.tagsColumn = Number(value.trim());
    if (end === -1) {
      at = text.length;
      break;
    }
    at = end + 1;
  }
  return { headers, rest: text.slice(at) };
}

/**
 * Whether cells hold Anki's HTML although no `#html:` header says so (an older Anki text export):
 * a well-formed tag Anki writes (`<br>`, `<b>`, `<div class="x">` …) or an entity. Text such as
 * "a<b en c>d" or "x < y" is not HTML.
 */
const ANKI_HTML = /<(?:br\s*\/?|\/?(?:b|i|u|strong|em|div|p|span|ul|ol|li|sub|sup|font|a|img)(?:\s+[a-z-]+\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'<>]+))*\s*\/?)>|&(?:nbsp|amp|lt|gt|quot);/i;

/** A cell's ' before a formula character is the CSV export's neutralisation (csv.ts): one is taken off. */
const unneutralise = (cell: string) => (FORMULA_START.test(cell) && cell.startsWith("'") ? cell.slice(1) : cell);

/**
 * Text to cards: one card per row, the first cell the front, the second the back; a third cell
 * and more are left out with a remark. A row without a back is a problem (left out). Anki's file
 * headers are read (separator, HTML or not, the columns and the tags column); cells of HTML become
 * her Markdown (a <br> a line break), like a field of an Anki package.
 */
export function parseText(bytes: Uint8Array, options: TextOptions, limits: ImportLimits): ParsedImport {
  const decoded = decodeText(bytes);
  if (decoded.trim() === '') throw new ImportRefused('import_empty', 'Er staat niets in deze tekst.');
  const { headers, rest: text } = readAnkiHeaders(decoded);
  const fromHeader = headers.separator;
  const headerSeparator = fromHeader === undefined ? undefined : ((Object.entries(SEPARATOR_CHARS).find(([, c]) => c === fromHeader)?.[0] as Separator | undefined) ?? 'custom');
  const separator = options.separator ?? headerSeparator ?? detectSeparator(text);
  let sepChars: string;
  if (separator === 'custom') {
    const custom = options.separator === 'custom' ? (options.customSeparator ?? '') : (fromHeader ?? '');
    if (custom === '' || /[\r\n"]/.test(custom)) throw new ImportRefused('import_wrong_file', 'Kies een eigen scheidingsteken zonder aanhalingsteken of regeleinde.');
    sepChars = custom;
  } else sepChars = SEPARATOR_CHARS[separator];
  // one row more than the limit (and a header) tells that it is past the limit
  const split = splitRows(text, sepChars, limits.maxCards + 2);
  const rows = split.rows.map((r) => ({ ...r, line: r.line + headers.lines }));
  const unclosedQuoteLine = split.unclosedQuoteLine === null ? null : split.unclosedQuoteLine + headers.lines;
  let header: boolean;
  let body: Row[];
  let names: string[];
  if (headers.columns !== undefined) {
    // the #columns: line names the columns; no row of the text is a header
    header = options.header ?? true;
    body = rows;
    names = header ? (splitRows(headers.columns, sepChars, 1).rows[0]?.cells ?? []) : [];
  } else {
    header = options.header ?? (rows.length > 0 && isHeaderRow(rows[0]!.cells));
    body = header ? rows.slice(1) : rows;
    names = header && rows.length > 0 ? rows[0]!.cells : [];
  }
  // a column of tags: the one Anki's header names, or one after the front and back the header row calls so
  const tagColumn = headers.tagsColumn !== undefined && headers.tagsColumn >= 3 ? headers.tagsColumn - 1 : names.findIndex((c, i) => i >= 2 && TAG_HEADERS.has(normaliseHeader(c)));
  const html = headers.html ?? ANKI_HTML.test(text);
  const side = (cell: string) => (html ? ankiHtmlToMarkdown(unneutralise(cell)).markdown : unneutralise(cell).trim());
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
    const [front = '', back = '', ...rest] = row.cells.map((c, i) => (i < 2 ? side(c) : c.trim()));
    if (row.cells.length < 2) {
      problems.push({ where, message: 'Geen scheidingsteken gevonden: deze regel heeft alleen een voorkant.', skipped: true });
      continue;
    }
    if (front === '' || back === '') {
      problems.push({ where, message: front === '' ? 'De voorkant is leeg.' : 'De achterkant is leeg.', skipped: true });
      continue;
    }
    const tags = tagColumn >= 0 ? tagsOf(unneutralise(row.cells[tagColumn] ?? '').split(/[\s,;]+/).join(' '), null) : [];
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
