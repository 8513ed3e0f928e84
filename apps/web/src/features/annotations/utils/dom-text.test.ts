import { describe, expect, it } from 'vitest';
import { describeRange, resolveAnchor } from '@blok/domain/anchoring';
import { readerText } from '@blok/domain/markup';
import { offsetAt, paragraphAround, rangeOf, selectionOffsets, sentences, textMap, unwrapAll, wrapText } from './dom-text.ts';

const HTML =
  '<p><em>Inleiding</em> bij het hoofdstuk.</p>\n<p>Gray definieert psychologie als <strong>de wetenschap van gedrag</strong> en de geest. Gedrag &amp; beleving!</p>\n' +
  '<table><tr><td>Behaviorisme</td><td>Watson</td></tr></table>';

function prose(): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = HTML;
  document.body.replaceChildren(root);
  return root;
}

describe('the reader text in the page', () => {
  it('is what readerText makes of the HTML on the server, without the reader’s own additions', () => {
    const root = prose();
    const hint = document.createElement('p');
    hint.setAttribute('data-table-hint', '');
    hint.textContent = 'Schuif de tabel opzij';
    root.append(hint);
    expect(textMap(root).text).toBe(readerText(HTML));
  });

  it('turns a selection into offsets and back, across elements, without outer whitespace', () => {
    const root = prose();
    const map = textMap(root);
    const wanted = 'psychologie als de wetenschap van gedrag en';
    const start = map.text.indexOf(wanted);
    const range = rangeOf(map, start - 1, start + wanted.length + 1)!;
    expect(range.toString()).toBe(` ${wanted} `);
    document.getSelection()!.removeAllRanges();
    document.getSelection()!.addRange(range);
    const picked = selectionOffsets(root, document.getSelection())!;
    expect(picked.map.text.slice(picked.start, picked.end)).toBe(wanted);
    // a boundary between elements counts from the next text
    expect(offsetAt(map, root, 1)).toBe(map.text.indexOf('\nGray'));
  });

  it('wraps an anchored passage in one mark per text node, and unwraps it to the same text', () => {
    const root = prose();
    const before = root.innerHTML;
    const text = textMap(root).text;
    const quote = 'als de wetenschap van gedrag en de geest';
    const anchor = describeRange(text, text.indexOf(quote), text.indexOf(quote) + quote.length);
    const found = resolveAnchor(textMap(root).text, anchor)!;
    const marks = wrapText(root, found.start, found.end, () => document.createElement('mark'));
    expect(marks.map((m) => m.textContent)).toEqual(['als ', 'de wetenschap van gedrag', ' en de geest']);
    expect(textMap(root).text).toBe(text);
    unwrapAll(root, 'mark');
    expect(root.querySelectorAll('mark')).toHaveLength(0);
    expect(root.innerHTML).toBe(before);
  });

  it('finds sentences and paragraphs for choosing by keyboard', () => {
    const text = readerText(HTML);
    const found = sentences(text).map((s) => text.slice(s.start, s.end));
    expect(found.slice(0, 4)).toEqual(['Inleiding bij het hoofdstuk.', 'Gray definieert psychologie als de wetenschap van gedrag en de geest.', 'Gedrag & beleving!', 'BehaviorismeWatson']);
    const p = paragraphAround(text, text.indexOf('Gedrag &'));
    expect(text.slice(p.start, p.end)).toBe('Gray definieert psychologie als de wetenschap van gedrag en de geest. Gedrag & beleving!');
  });
});
