/** A cell as RFC 4180 writes it: in quotes (doubled inside) when it holds a comma, a quote or a line break. */
const cell = (text: string) => (/[",\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/**
 * Cards as CSV: a header row (voorkant, achterkant, labels), one card per row, its tags separated
 * by spaces as Anki writes them, CRLF line ends, UTF-8 with a byte-order mark so that Excel reads
 * the accents. The importer reads it back as it is.
 */
export function toCsv(rows: Array<[string, string, string[]]>): Buffer {
  const lines = [['voorkant', 'achterkant', 'labels'], ...rows.map(([front, back, tags]) => [front, back, tags.join(' ')])].map((r) => r.map(cell).join(','));
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}
