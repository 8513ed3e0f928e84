import { describe, expect, it } from 'vitest';
import { anchorResolver, describeRange, resolveAnchor, type TextAnchor } from './anchoring.ts';
import { readerText } from './markup.ts';

const TEXT =
  'Psychologie is de wetenschap van gedrag. Zij onderzoekt hoe mensen denken en voelen. ' +
  'Gedrag is wat je kunt zien. Wat je niet kunt zien, heet beleving. Gedrag is wat je kunt zien.';

const SENTENCE = 'Zij onderzoekt hoe mensen denken en voelen.';

describe('describeRange', () => {
  it('keeps the quote, up to 32 characters of context and the position', () => {
    const start = TEXT.indexOf(SENTENCE);
    const anchor = describeRange(TEXT, start, start + SENTENCE.length);
    expect(anchor.quote.exact).toBe(SENTENCE);
    expect(anchor.quote.prefix).toBe(TEXT.slice(start - 32, start));
    expect(anchor.quote.suffix).toBe(TEXT.slice(start + SENTENCE.length, start + SENTENCE.length + 32));
    expect(anchor.position).toEqual({ start, end: start + SENTENCE.length });
  });

  it('keeps the context short at the edges of the text', () => {
    const anchor = describeRange(TEXT, 0, 11);
    expect(anchor.quote).toMatchObject({ exact: 'Psychologie', prefix: '' });
  });
});

describe('resolveAnchor', () => {
  it('finds an exact match where it was', () => {
    const start = TEXT.indexOf(SENTENCE);
    const anchor = describeRange(TEXT, start, start + SENTENCE.length);
    expect(resolveAnchor(TEXT, anchor)).toEqual({ start, end: start + SENTENCE.length, moved: false });
  });

  it('follows text that moved when a paragraph was added before it', () => {
    const start = TEXT.indexOf(SENTENCE);
    const anchor = describeRange(TEXT, start, start + SENTENCE.length);
    const corrected = 'Een nieuwe inleiding van twee zinnen. Die staat er nu voor. ' + TEXT;
    const match = resolveAnchor(corrected, anchor);
    expect(match).toEqual({ start: start + 60, end: start + 60 + SENTENCE.length, moved: true });
    expect(corrected.slice(match!.start, match!.end)).toBe(SENTENCE);
  });

  it('picks the occurrence whose context fits when the quote occurs twice', () => {
    const second = TEXT.lastIndexOf('Gedrag is wat je kunt zien.');
    const anchor = describeRange(TEXT, second, second + 27);
    // the first occurrence moves to where the second was: the position alone would pick it
    const corrected = TEXT.replace('Psychologie is de wetenschap van gedrag. ', '');
    const match = resolveAnchor(corrected, anchor);
    expect(match!.start).toBe(corrected.lastIndexOf('Gedrag is wat je kunt zien.'));
  });

  it('still finds the quote when its context changed', () => {
    const start = TEXT.indexOf(SENTENCE);
    const anchor = describeRange(TEXT, start, start + SENTENCE.length);
    const corrected = TEXT.replace('Psychologie is de wetenschap van gedrag.', 'Psychologie bestudeert gedrag en beleving.').replace('Gedrag is wat', 'Gedrag: wat');
    const match = resolveAnchor(corrected, anchor);
    expect(corrected.slice(match!.start, match!.end)).toBe(SENTENCE);
    expect(match!.moved).toBe(true);
  });

  it('finds the quote with other line breaks or capitals', () => {
    const start = TEXT.indexOf(SENTENCE);
    const anchor = describeRange(TEXT, start, start + SENTENCE.length);
    const corrected = TEXT.replace('hoe mensen denken', 'hoe Mensen\n  denken');
    const match = resolveAnchor(corrected, anchor);
    expect(corrected.slice(match!.start, match!.end)).toBe('Zij onderzoekt hoe Mensen\n  denken en voelen.');
  });

  it('answers null when the quoted text is gone', () => {
    const start = TEXT.indexOf(SENTENCE);
    const anchor = describeRange(TEXT, start, start + SENTENCE.length);
    expect(resolveAnchor(TEXT.replace(SENTENCE, 'Zij onderzoekt hoe dieren leren.'), anchor)).toBeNull();
    expect(resolveAnchor(TEXT, { ...anchor, quote: { ...anchor.quote, exact: '   ' } })).toBeNull();
  });
});

describe('anchorResolver', () => {
  it('places many anchors in one text as resolveAnchor places each', () => {
    const corrected = 'Een nieuwe inleiding. ' + TEXT.replace('hoe mensen denken', 'hoe Mensen\n  denken');
    const anchors: TextAnchor[] = [
      describeRange(TEXT, TEXT.indexOf(SENTENCE), TEXT.indexOf(SENTENCE) + SENTENCE.length),
      describeRange(TEXT, 0, 11),
      describeRange(TEXT, TEXT.lastIndexOf('Gedrag'), TEXT.lastIndexOf('Gedrag') + 27),
      { quote: { exact: 'een citaat dat er nooit stond', prefix: '', suffix: '' }, position: { start: 5, end: 34 } },
      { quote: { exact: 'WAT JE NIET   kunt', prefix: '', suffix: '' }, position: { start: 0, end: 18 } },
    ];
    const resolve = anchorResolver(corrected);
    const one = anchors.map((a) => resolveAnchor(corrected, a));
    expect(anchors.map((a) => resolve(a))).toEqual(one);
    expect(one.map((m) => m && corrected.slice(m.start, m.end))).toEqual(['Zij onderzoekt hoe Mensen\n  denken en voelen.', 'Psychologie', 'Gedrag is wat je kunt zien.', null, 'Wat je niet kunt']);
  });

  it("folds every white space JavaScript's \\s knows, and capitals beyond ASCII", () => {
    const text = 'Één\u00a0citaat\u3000met\u2009rare\ufeff  spaties.';
    const match = resolveAnchor(text, { quote: { exact: 'één citaat met rare spaties', prefix: '', suffix: '' }, position: { start: 0, end: 27 } });
    expect(match && text.slice(match.start, match.end)).toBe('Één\u00a0citaat\u3000met\u2009rare\ufeff  spaties');
  });
});

describe('readerText', () => {
  it('is the text nodes of the HTML in order, as the browser shows them', () => {
    expect(readerText('<h2>Kop</h2>\n<p>Vraag &amp; <em>aanbod</em><!-- x --></p>\n<p>MO &lt; MK&nbsp;!</p>')).toBe('Kop\nVraag & aanbod\nMO < MK\u00a0!');
  });
});
