import type { CardImportQuery } from '@blok/contract/card-import';

/** What she chose on the import screen, kept between the preview and the import. */
export type ImportChoice = {
  source: CardImportQuery['source'];
  separator: 'auto' | NonNullable<CardImportQuery['separator']>;
  customSeparator: string;
  header: 'auto' | 'yes' | 'no';
  /** per note type id: front and back field */
  mapping: Record<string, { front: number; back: number }>;
};

/** The source of a file by its name: an Anki package, a collection, or else a text. */
export function sourceOfFile(name: string): CardImportQuery['source'] {
  const lower = name.toLowerCase();
  if (lower.endsWith('.apkg')) return 'apkg';
  if (lower.endsWith('.colpkg')) return 'colpkg';
  return 'text';
}

/**
 * A set's name from the name of the file she chose (issue 38): without its extension, underscores as
 * spaces, white space folded; at most 120 characters, as a set's title.
 */
export function titleOfFile(name: string): string {
  return name
    .replace(/\.[a-z0-9]{1,8}$/i, '')
    .replace(/_/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120);
}

/** The query string of both requests. */
export function importQuery(choice: ImportChoice, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams({ source: choice.source });
  if (choice.source === 'text') {
    if (choice.separator !== 'auto') params.set('separator', choice.separator);
    if (choice.separator === 'custom' && choice.customSeparator) params.set('customSeparator', choice.customSeparator);
    if (choice.header !== 'auto') params.set('header', choice.header);
  }
  const mapping = Object.entries(choice.mapping).map(([id, m]) => `${id}:${m.front}:${m.back}`);
  if (mapping.length > 0) params.set('mapping', mapping.join(','));
  for (const [k, v] of Object.entries(extra)) params.set(k, v);
  return params.toString();
}
