// Her highlights in the text layer of a page of her PDF (issue 41). The page's text is the text
// layer's text nodes in order (dom-text's textMap): pdf.js's text items as the viewer drew them, one
// span each, a line's end a <br> without text. An anchor (page, quote with context, place) is made in
// that text and placed again in it whenever the page is drawn (@blok/domain/anchoring).
import type { PdfAnnotationAnchor } from '@blok/contract/annotations';
import { describeRange, resolveAnchor, type TextAnchor } from '@blok/domain/anchoring';
import { selectionOffsets, textMap, unwrapAll, wrapText } from './dom-text.ts';

/** White space, soft hyphens and hyphens: what differs between a sentence as listed and the layer's text. */
const LOOSE = /[\s\u00ad\-‐‑]/u;

function folded(text: string, lower: boolean): { text: string; offsets: number[] } {
  let out = '';
  const offsets: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (LOOSE.test(c)) continue;
    out += lower ? c.toLowerCase() : c;
    offsets.push(i);
  }
  return { text: out, offsets };
}

/**
 * Where `wanted` lies in a page's text, when it comes with other spacing: a sentence from 'Kies een
 * zin' has runs of white space as one space and a word broken by a hyphen at a line's end joined;
 * the layer's text has no space at a line's end at all. Compared without white space and hyphens
 * (then without case); the first occurrence. null: not on the page.
 */
export function locateText(text: string, wanted: string): { start: number; end: number } | null {
  const exact = text.indexOf(wanted);
  if (wanted && exact >= 0) return { start: exact, end: exact + wanted.length };
  for (const lower of [false, true]) {
    const needle = folded(wanted, lower).text;
    if (!needle) return null;
    const hay = folded(text, lower);
    const at = hay.text.indexOf(needle);
    if (at >= 0) return { start: hay.offsets[at]!, end: hay.offsets[at + needle.length - 1]! + 1 };
  }
  return null;
}

/**
 * The anchor of what she picked on a page: her selection when it lies in the page's text layer,
 * else the picked text found in it (a sentence chosen from the list). null: not found.
 */
export function pickAnchor(layer: HTMLElement, page: number, picked: string, selection: Selection | null): PdfAnnotationAnchor | null {
  const selected = selectionOffsets(layer, selection);
  const map = selected?.map ?? textMap(layer);
  const range = selected ?? locateText(map.text, picked);
  if (!range) return null;
  return { page, ...describeRange(map.text, range.start, range.end) };
}

export type Paintable = { id: string; color: string; note: string | null; anchor: TextAnchor };

/**
 * Draws highlights on a page's text layer: what was drawn before goes, then each highlight found in
 * the page's text is wrapped in elements made by `make` (one per text item it crosses). Returns the
 * pieces of each highlight found, in order; one not found on the page is left out.
 */
export function paintLayer(layer: HTMLElement, selector: string, highlights: readonly Paintable[], make: (h: Paintable) => HTMLElement): Map<string, HTMLElement[]> {
  unwrapAll(layer, selector);
  const drawn = new Map<string, HTMLElement[]>();
  if (highlights.length === 0) return drawn;
  const { text } = textMap(layer);
  for (const h of highlights) {
    const found = resolveAnchor(text, h.anchor);
    if (!found) continue;
    const pieces = wrapText(layer, found.start, found.end, () => make(h));
    if (pieces.length > 0) drawn.set(h.id, pieces);
  }
  return drawn;
}
