import type { ApkgMedia, ApkgNote } from '../card-import/apkg.ts';

/**
 * What the work threads run (pool.ts): pure work that takes the event loop for too long on a large
 * set (issue 38). Each task's module is loaded by the thread on its first task of that kind.
 */
export interface Tasks {
  /** her cards' sides as HTML, in order (own-cards/render.ts): 2,000 sides take ~1.4 s */
  renderOwnCardSides: { input: string[]; output: string[] };
  /** an .apkg of her set (card-import/apkg.ts): SQLite, zip, pictures */
  writeApkg: { input: { deckName: string; notes: ApkgNote[]; media: ApkgMedia[] }; output: Uint8Array };
}

export type TaskKind = keyof Tasks;

/** Runs one task here (in a work thread): its output, and the buffers to move back instead of copying. */
export async function runTask<K extends TaskKind>(kind: K, input: Tasks[K]['input']): Promise<{ output: Tasks[K]['output']; transfer: ArrayBuffer[] }> {
  switch (kind) {
    case 'renderOwnCardSides': {
      const { renderOwnCardSides } = await import('../own-cards/render.ts');
      return { output: renderOwnCardSides(input as Tasks['renderOwnCardSides']['input']), transfer: [] };
    }
    case 'writeApkg': {
      const { writeApkg } = await import('../card-import/apkg.ts');
      const { deckName, notes, media } = input as Tasks['writeApkg']['input'];
      const bytes = await writeApkg(deckName, notes, media);
      // the whole buffer moves back; a Buffer that shares its memory (a small one) is copied first
      const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
      const out = whole ? new Uint8Array(bytes.buffer, 0, bytes.byteLength) : Uint8Array.from(bytes);
      return { output: out, transfer: [out.buffer as ArrayBuffer] };
    }
    default:
      throw new Error(`unknown task ${String(kind)}`);
  }
}
