// The reader's text of a chapter in the page, and the way between offsets in it and DOM ranges
// (decision 025). The text is the prose element's text nodes in order, leaving out what the reader
// adds to it (a wide table's hint, the annotations' own buttons): the same text `readerText` makes
// of the chapter's HTML on the server, so an anchor's position means the same on both.

/** Elements whose text is not the chapter's. */
const NOT_CHAPTER = '[data-table-hint], [data-annotation-ui]';

export type TextMap = { text: string; nodes: Array<{ node: Text; start: number }> };

export function textMap(root: HTMLElement): TextMap {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) => (node.parentElement?.closest(NOT_CHAPTER) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
  });
  const nodes: TextMap['nodes'] = [];
  let text = '';
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    nodes.push({ node: node as Text, start: text.length });
    text += (node as Text).data;
  }
  return { text, nodes };
}

/** The text offset of a range boundary (container, offset) inside root. */
export function offsetAt(map: TextMap, container: Node, offset: number): number {
  const own = map.nodes.find((n) => n.node === container);
  if (own) return own.start + Math.min(offset, own.node.data.length);
  const boundary = document.createRange();
  boundary.setStart(container, offset);
  // the first text node at or after the boundary starts where the boundary is
  for (const n of map.nodes) if (boundary.comparePoint(n.node, 0) >= 0) return n.start;
  return map.text.length;
}

/** The selection's offsets in the text, when it lies inside root and holds some text. */
export function selectionOffsets(root: HTMLElement, selection: Selection | null): { start: number; end: number; map: TextMap } | null {
  if (!selection || selection.rangeCount === 0 || selection.isCollapsed) return null;
  const range = selection.getRangeAt(0);
  if (!root.contains(range.commonAncestorContainer)) return null;
  const map = textMap(root);
  let start = offsetAt(map, range.startContainer, range.startOffset);
  let end = offsetAt(map, range.endContainer, range.endOffset);
  // no leading or trailing whitespace in a quote
  while (start < end && /\s/.test(map.text[start]!)) start++;
  while (end > start && /\s/.test(map.text[end - 1]!)) end--;
  return end > start ? { start, end, map } : null;
}

/** A DOM range over [start, end) of the text. */
export function rangeOf(map: TextMap, start: number, end: number): Range | null {
  const first = map.nodes.find((n) => start >= n.start && start < n.start + n.node.data.length);
  const last = [...map.nodes].reverse().find((n) => end > n.start && end <= n.start + n.node.data.length);
  if (!first || !last) return null;
  const range = document.createRange();
  range.setStart(first.node, start - first.start);
  range.setEnd(last.node, end - last.start);
  return range;
}

/**
 * Wraps the text [start, end) in elements made by `make`, one per text node it crosses (a mark
 * cannot span paragraphs). Returns them in order. Whitespace-only pieces between blocks are left.
 */
export function wrapText(root: HTMLElement, start: number, end: number, make: () => HTMLElement): HTMLElement[] {
  const map = textMap(root);
  const wrapped: HTMLElement[] = [];
  for (const { node, start: nodeStart } of map.nodes) {
    const nodeEnd = nodeStart + node.data.length;
    if (nodeEnd <= start || nodeStart >= end) continue;
    const from = Math.max(start, nodeStart) - nodeStart;
    const to = Math.min(end, nodeEnd) - nodeStart;
    const piece = node.data.slice(from, to);
    if (!piece.trim()) continue;
    // a text node inside a table row's structure (between cells) cannot hold an element
    const parent = node.parentElement;
    if (!parent || /^(TABLE|THEAD|TBODY|TFOOT|TR)$/.test(parent.tagName)) continue;
    let target = node;
    if (from > 0) target = target.splitText(from);
    if (to - from < target.data.length) target.splitText(to - from);
    const element = make();
    target.replaceWith(element);
    element.append(target);
    wrapped.push(element);
  }
  return wrapped;
}

/** Removes what wrapText and the annotations added, and joins the split text again. */
export function unwrapAll(root: HTMLElement, selector: string): void {
  for (const element of root.querySelectorAll('[data-annotation-ui]')) element.remove();
  for (const element of root.querySelectorAll(selector)) element.replaceWith(...element.childNodes);
  root.normalize();
}

/**
 * Sentences of the text, for choosing text by keyboard: split after . ! ? (with closing quotes or
 * brackets) and at line breaks (the paragraphs), without leading and trailing whitespace.
 */
export function sentences(text: string): Array<{ start: number; end: number }> {
  const found: Array<{ start: number; end: number }> = [];
  const pattern = /[^\n.!?]*(?:[.!?]+["'”’)\]]*|\n|$)/g;
  for (let match = pattern.exec(text); match && match.index < text.length; match = pattern.exec(text)) {
    if (match[0].length === 0) {
      pattern.lastIndex++;
      continue;
    }
    let start = match.index;
    let end = match.index + match[0].length;
    while (start < end && /\s/.test(text[start]!)) start++;
    while (end > start && /\s/.test(text[end - 1]!)) end--;
    if (end > start) found.push({ start, end });
  }
  return found;
}

/** The paragraph (the text between line breaks) around an offset. */
export function paragraphAround(text: string, offset: number): { start: number; end: number } {
  let start = text.lastIndexOf('\n', Math.max(0, offset - 1)) + 1;
  let end = text.indexOf('\n', offset);
  if (end < 0) end = text.length;
  while (start < end && /\s/.test(text[start]!)) start++;
  while (end > start && /\s/.test(text[end - 1]!)) end--;
  return { start, end };
}
