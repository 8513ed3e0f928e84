import { renderCardHtml } from '../content/render.ts';

/** A side's HTML: the demo cards' Markdown renderer (decision 011), without images (a card has a picture instead). */
export function renderOwnCardHtml(markdown: string): string {
  return renderCardHtml(markdown, 'own', { typed: true }).replace(/<img\b[^>]*>/g, '');
}

/** Many sides at once (what the work threads run for an import: threads/tasks.ts). */
export function renderOwnCardSides(markdowns: readonly string[]): string[] {
  return markdowns.map(renderOwnCardHtml);
}
