import { isZip, pictureType } from './magic.ts';
import { parseText } from './text.ts';
import { ImportRefused, type ParseRequest, type ParseResponse, type ParsedImport } from './types.ts';

const SQLITE = Buffer.from('SQLite format 3\0');

/**
 * One import file to cards, by what it is (its first bytes), not only by what it says it is: an
 * Anki package must be a zip, a text must not be a zip, a database or a picture.
 */
export async function parseImport(req: ParseRequest): Promise<ParsedImport> {
  const { bytes, limits } = req;
  if (bytes.length > limits.maxFileBytes) {
    throw new ImportRefused('import_too_large', `Dit bestand is groter dan ${Math.round(limits.maxFileBytes / 1024 / 1024)} MB.`);
  }
  if (bytes.length === 0) throw new ImportRefused('import_empty', 'Dit bestand is leeg.');
  if (req.source === 'text') {
    if (isZip(bytes)) throw new ImportRefused('import_wrong_file', 'Dit is een zip-bestand, geen tekst. Is het een Anki-pakket? Kies dan een .apkg-bestand.');
    if (Buffer.from(bytes.subarray(0, 16)).equals(SQLITE) || pictureType(bytes)) {
      throw new ImportRefused('import_wrong_file', 'Dit is geen tekstbestand. Kies een .txt- of .csv-bestand, of plak de tekst.');
    }
    return parseText(bytes, req.text ?? {}, limits);
  }
  if (!isZip(bytes)) {
    throw new ImportRefused('import_wrong_file', `Dit bestand is geen Anki-pakket, ook al heet het .${req.source}. Exporteer de stapel in Anki opnieuw.`);
  }
  // loaded on the first package only: a thread that reads texts starts without SQLite and sanitize-html (0.7 s)
  const { parseAnki } = await import('./anki.ts');
  return parseAnki(bytes, req.source, req.anki ?? {}, limits);
}

/** parseImport with its refusals as values (what crosses from the worker). */
export async function parseImportSafely(req: ParseRequest): Promise<ParseResponse> {
  try {
    return { ok: true, result: await parseImport(req) };
  } catch (err) {
    if (err instanceof ImportRefused) return { ok: false, code: err.code, message: err.message };
    return { ok: false, code: 'import_damaged', message: 'Dit bestand kan niet worden gelezen: het is beschadigd of van een onbekende soort.' };
  }
}
