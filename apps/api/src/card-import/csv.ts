/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, a tab or a carriage return first) gets a
 * leading ' as OWASP advises ("CSV injection"); so does one that already starts with ' before such a
 * character, so the importer, which takes one ' off, gives back what she wrote.
 */
export const FORMULA_START = /^'*[=+\-@\t\r]/;

export function neutralise(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * A cell as RFC 4180 writes it: in quotes (doubled inside) when it holds a comma, a quote or a line
 * break, starts or ends with white space, or starts with # (Anki reads a line starting with # as a
 * comment, also below its headers).
 */
const cell = (raw: string) => {
  const text = neutralise(raw);
  return /[",\r\n]/.test(text) || /^\s|\s$/.test(text) || text.startsWith('#') ? `"${text.replace(/"/g, '""')}"` : text;
};

/**
 * Anki's file headers (rslib/src/import_export/text/csv/metadata.rs): the separator, that the
 * cells are not HTML (her Markdown, which Anki then shows as it is, line breaks kept), the columns,
 * and which one holds the tags. They take the place of a header row, which Anki's text import would
 * make a note of. The column names are Anki's own Basic fields, so Anki maps them without asking;
 * Blok's importer reads the same lines.
 */
const HEADERS = ['#separator:Comma', '#html:false', '#columns:Front,Back,Tags', '#tags column:3'];

/**
 * Cards as CSV: Anki's headers, one card per row (front, back, tags separated by spaces as Anki
 * writes them), CRLF line ends, UTF-8 with a byte-order mark so that Excel reads the accents, every
 * cell safe to open in a spreadsheet. The importer reads it back as it is.
 */
export function toCsv(rows: Array<[string, string, string[]]>): Buffer {
  const lines = rows.map(([front, back, tags]) => [front, back, tags.join(' ')].map(cell).join(','));
  return Buffer.from(`\uFEFF${[...HEADERS, ...lines].join('\r\n')}\r\n`, 'utf8');
}
