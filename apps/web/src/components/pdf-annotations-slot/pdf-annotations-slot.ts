import type { ReactNode } from 'react';

/** What she picked on a page of her PDF: text selected with a finger or mouse, or a sentence chosen from the list. */
export type PdfPick = { text: string; page: number; sentence: string; byList?: boolean };

/**
 * The text layers of the pages of her PDF the viewer has drawn, by page: the viewer (features/courses)
 * sets a page's layer when pdf.js has drawn its text and clears it when the page is released; her
 * highlights (features/annotations) draw on the layers there are. A feature never imports another: the
 * route makes one of these and hands it to both.
 */
export class PdfTextLayers {
  private readonly layers = new Map<number, HTMLElement>();
  private readonly listeners = new Set<() => void>();
  /** changes with every layer set or cleared (for useSyncExternalStore) */
  version = 0;

  set(page: number, layer: HTMLElement | null): void {
    if (layer) this.layers.set(page, layer);
    else if (!this.layers.delete(page)) return;
    this.version++;
    for (const listener of this.listeners) listener();
  }

  get(page: number): HTMLElement | undefined {
    return this.layers.get(page);
  }

  entries(): Array<[number, HTMLElement]> {
    return [...this.layers];
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getVersion = (): number => this.version;
}

/** What the viewer takes from her highlights: where the pages' text layers go, and what she can do with a pick. */
export interface PdfAnnotationsSlot {
  layers: PdfTextLayers;
  /** 'Markeer' and 'Notitie' for what she picked, shown in the selection panel; `done` closes the panel */
  pickActions: (pick: PdfPick, done: () => void) => ReactNode;
}
