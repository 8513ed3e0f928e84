import { describe, expect, it } from 'vitest';
import { withoutRepeatedTitle } from '../../src/library/reader-service.ts';

describe("a chapter's headings under the reader's h1", () => {
  it('drops a first h2 that repeats the title and moves h3-h6 up a level when no h2 is left', () => {
    const html = '<h2>Geheugen</h2><p>Intro</p><h3 id="a">Werkgeheugen</h3><p>x</p><h4>Detail</h4><h3>Lange termijn</h3>';
    expect(withoutRepeatedTitle(html, 'Geheugen')).toBe('<p>Intro</p><h2 id="a">Werkgeheugen</h2><p>x</p><h3>Detail</h3><h2>Lange termijn</h2>');
  });

  it('keeps the levels when the body still has its own h2 sections', () => {
    const html = '<h2>Recht</h2><h2>Wetten</h2><h3>Formeel</h3>';
    expect(withoutRepeatedTitle(html, 'Recht')).toBe('<h2>Wetten</h2><h3>Formeel</h3>');
  });

  it('changes nothing when the first heading is not the title', () => {
    const html = '<h2>Inleiding</h2><h3>Begin</h3>';
    expect(withoutRepeatedTitle(html, 'Geheugen')).toBe(html);
  });
});
