import yauzl from 'yauzl';
import { ImportRefused } from './types.ts';

/** The inflated bytes one archive may give, over all the entries read, and the most entries it may list. */
export interface ZipBudget {
  maxUnpackedBytes: number;
  maxEntries: number;
}

const unsafe = () => new ImportRefused('import_unsafe_file', 'Dit pakket bevat een bestandsnaam die buiten het pakket wijst. Het is niet geïmporteerd.');
const tooLarge = (budget: ZipBudget) =>
  new ImportRefused('import_too_large', `Dit pakket pakt uit tot meer dan ${Math.round(budget.maxUnpackedBytes / 1024 / 1024)} MB. Het is niet geïmporteerd.`);
const damaged = () => new ImportRefused('import_damaged', 'Dit pakket is beschadigd of geen geldig zip-bestand.');

/** A plain file name: no folder, no way up, no control characters, not too long. */
export function isSafeName(name: string): boolean {
  return (
    name.length > 0 &&
    name.length <= 255 &&
    name !== '.' &&
    name !== '..' &&
    !/[/\\:]/.test(name) &&
    ![...name].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f) &&
    !name.startsWith('.')
  );
}

/**
 * An archive read once from memory: its entry list (the central directory) first, then each entry
 * inflated at most once, as a stream that stops at the budget. A declared size over what is left
 * of the budget is refused before inflating; an entry that inflates to more than it declared is
 * refused by yauzl (validateEntrySizes) or by the count here, whichever comes first.
 */
export class ZipArchive {
  private used = 0;

  private constructor(
    private readonly zip: yauzl.ZipFile,
    readonly entries: Map<string, yauzl.Entry>,
    private readonly budget: ZipBudget,
  ) {}

  static async open(bytes: Uint8Array, budget: ZipBudget): Promise<ZipArchive> {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const zip = await new Promise<yauzl.ZipFile>((resolve, reject) => {
      yauzl.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: true, strictFileNames: true, decodeStrings: true }, (err, z) => (err ? reject(damaged()) : resolve(z)));
    });
    if (zip.entryCount > budget.maxEntries) {
      zip.close();
      throw new ImportRefused('import_too_large', `Dit pakket bevat meer dan ${budget.maxEntries.toLocaleString('nl-NL')} bestanden. Het is niet geïmporteerd.`);
    }
    const entries = new Map<string, yauzl.Entry>();
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: yauzl.Entry) => {
        // yauzl already refuses absolute paths and "..": anything in a folder is no part of a package either
        if (!isSafeName(entry.fileName)) return reject(unsafe());
        if (entries.has(entry.fileName)) return reject(damaged());
        entries.set(entry.fileName, entry);
        zip.readEntry();
      });
      zip.on('end', () => resolve());
      zip.on('error', (err: Error) => reject(/invalid relative path|absolute path|invalid characters/i.test(err.message) ? unsafe() : damaged()));
      zip.readEntry();
    });
    return new ZipArchive(zip, entries, budget);
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** The entry's declared inflated size. */
  declaredSize(name: string): number {
    return this.entries.get(name)?.uncompressedSize ?? 0;
  }

  /** Inflates one entry, counted against the budget; `cap` refuses it past its own limit too. */
  async read(name: string, cap = Infinity, capError?: () => Error): Promise<Buffer> {
    const entry = this.entries.get(name);
    if (!entry) throw damaged();
    if (entry.uncompressedSize > cap) throw capError ? capError() : tooLarge(this.budget);
    if (this.used + entry.uncompressedSize > this.budget.maxUnpackedBytes) throw tooLarge(this.budget);
    const stream = await new Promise<NodeJS.ReadableStream & { destroy(): void }>((resolve, reject) => {
      this.zip.openReadStream(entry, (err, s) => (err ? reject(damaged()) : resolve(s as never)));
    });
    // one buffer of the declared size (checked against the budget above), filled as it inflates: no second copy
    const out = Buffer.allocUnsafe(entry.uncompressedSize);
    let size = 0;
    await new Promise<void>((resolve, reject) => {
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > entry.uncompressedSize || size > cap || this.used + size > this.budget.maxUnpackedBytes) {
          stream.destroy();
          reject(size > cap && capError ? capError() : tooLarge(this.budget));
          return;
        }
        chunk.copy(out, size - chunk.length);
      });
      stream.on('end', () => resolve());
      stream.on('error', (err: Error) => reject(/too many bytes|too few bytes|expected/i.test(err.message) ? tooLarge(this.budget) : damaged()));
    });
    this.used += size;
    return out.subarray(0, size);
  }

  close(): void {
    this.zip.close();
  }
}
