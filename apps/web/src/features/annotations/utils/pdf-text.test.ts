import { describe, expect, it } from 'vitest';
import { describeRange } from '@blok/domain/anchoring';
import { textMap } from './dom-text.ts';
import { locateText, paintLayer, pickAnchor, type Paintable } from './pdf-text.ts';

/** A text layer as pdf.js draws it: a span per text item, a <br> at a line's end. */
function layer(lines: string[][]): HTMLElement {
  const root = document.createElement('div');
  root.className = 'textLayer';
  for (const items of lines) {
    for (const item of items) {
      const span = document.createElement('span');
      span.textContent = item;
      root.append(span);
    }
    root.append(document.createElement('br'));
  }
  document.body.replaceChildren(root);
  return root;
}

const PAGE = [['Hoorcollege 3: sociale cognitie'], ['Cognitieve disso-'], ['nantie ontstaat wanneer ', 'gedrag en overtuiging botsen.'], ['Daarna volgt attributie.']];
const MARKS = 'mark[data-h]';
const make = (h: Paintable) => {
  const mark = document.createElement('mark');
  mark.dataset.h = h.id;
  return mark;
};

describe('a PDF page’s text for highlights', () => {
  it('is the text items in order, with nothing at a line’s end', () => {
    expect(textMap(layer(PAGE)).text).toBe('Hoorcollege 3: sociale cognitieCognitieve disso-nantie ontstaat wanneer gedrag en overtuiging botsen.Daarna volgt attributie.');
  });

  it('finds a sentence from the list (spaces as one, the hyphen at the line’s end joined) in it', () => {
    const { text } = textMap(layer(PAGE));
    const found = locateText(text, 'Cognitieve dissonantie ontstaat wanneer gedrag en overtuiging botsen.');
    expect(found).not.toBeNull();
    expect(text.slice(found!.start, found!.end)).toBe('Cognitieve disso-nantie ontstaat wanneer gedrag en overtuiging botsen.');
    // the exact text first, then without case
    expect(locateText(text, 'volgt')).toEqual({ start: text.indexOf('volgt'), end: text.indexOf('volgt') + 5 });
    const loose = locateText(text, 'DAARNA VOLGT')!;
    expect(text.slice(loose.start, loose.end)).toBe('Daarna volgt');
    expect(locateText(text, 'niet op deze pagina')).toBeNull();
    expect(locateText(text, '  ')).toBeNull();
  });

  it('anchors her selection in the layer, or else the picked text', () => {
    const root = layer(PAGE);
    const spans = root.querySelectorAll('span');
    const range = document.createRange();
    // 'gedrag en' inside the fourth item
    range.setStart(spans[3]!.firstChild!, 0);
    range.setEnd(spans[3]!.firstChild!, 'gedrag en'.length);
    const selection = document.getSelection()!;
    selection.removeAllRanges();
    selection.addRange(range);
    const text = textMap(root).text;
    const start = text.indexOf('gedrag en');
    expect(pickAnchor(root, 2, 'ignored', selection)).toEqual({ page: 2, ...describeRange(text, start, start + 'gedrag en'.length) });

    selection.removeAllRanges();
    const bySentence = pickAnchor(root, 2, 'Daarna volgt attributie.', selection);
    expect(bySentence?.quote.exact).toBe('Daarna volgt attributie.');
    expect(bySentence?.quote.prefix.endsWith('botsen.')).toBe(true);
    expect(pickAnchor(root, 2, 'Iets anders', selection)).toBeNull();
  });

  it('draws a highlight across text items, again when the page is drawn anew, and leaves one not found out', () => {
    let root = layer(PAGE);
    const text = textMap(root).text;
    const from = text.indexOf('ontstaat');
    const to = text.indexOf('botsen.') + 'botsen.'.length;
    const highlights: Paintable[] = [
      { id: 'a', color: 'yellow', note: null, anchor: describeRange(text, from, to) },
      { id: 'gone', color: 'blue', note: null, anchor: { quote: { exact: 'niet hier', prefix: '', suffix: '' }, position: { start: 3, end: 12 } } },
    ];
    let drawn = paintLayer(root, MARKS, highlights, make);
    expect([...drawn.keys()]).toEqual(['a']);
    expect(drawn.get('a')!.map((m) => m.textContent)).toEqual(['ontstaat wanneer ', 'gedrag en overtuiging botsen.']);
    // the text is the same with the marks in it; drawing again does not draw twice
    expect(textMap(root).text).toBe(text);
    drawn = paintLayer(root, MARKS, highlights, make);
    expect(root.querySelectorAll(MARKS)).toHaveLength(2);
    // nothing to draw: what was drawn goes
    paintLayer(root, MARKS, [], make);
    expect(root.querySelectorAll(MARKS)).toHaveLength(0);
    expect(textMap(root).text).toBe(text);

    // the page released and drawn again (another zoom): a new layer, the same text, the highlight again
    root = layer(PAGE);
    drawn = paintLayer(root, MARKS, highlights, make);
    expect(drawn.get('a')!.map((m) => m.textContent).join('')).toBe('ontstaat wanneer gedrag en overtuiging botsen.');
  });
});
