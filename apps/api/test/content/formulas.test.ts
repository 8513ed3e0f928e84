import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Marked } from 'marked';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChapterContent } from '@blok/contract';
import { mathExtensions } from '@blok/math/katex';
import { importContent } from '../../src/content/importer.ts';
import { renderCardHtml, renderChapterHtml } from '../../src/content/render.ts';
import { renderOwnCardHtml } from '../../src/own-cards/render.ts';
import { DIALECTS, createTestApp, type TestContext } from '../helpers.ts';
import { student as libraryStudent } from '../library/support.ts';
import { student as questionStudent } from '../questions/support.ts';

// Issue 40, formulas: `$…$` and `$$…$$` typeset by KaTeX at import (decision 044), through the
// sanitizer, which must keep exactly what KaTeX writes and nothing a hostile formula could add.

const FORMULAS = [
  '\\frac{a}{b}', '\\sum_{i=1}^{n} x_i', '\\sqrt{x^2+1}', '\\sqrt[3]{x}', '\\bar{x}', '\\overline{AB}', '\\hat{\\beta}', '\\vec{v}',
  '\\left(\\frac{1}{2}\\right)', '\\int_0^1 f(x)\\,dx', '\\lim_{n\\to\\infty}', '\\xrightarrow{abc}', '\\underbrace{a+b}_{c}',
  '\\mathbb{R}^n', '\\begin{pmatrix}1&2\\\\3&4\\end{pmatrix}', '\\begin{bmatrix}a\\\\b\\end{bmatrix}', '\\begin{vmatrix}a&b\\\\c&d\\end{vmatrix}',
  '\\cancel{x}', '\\boxed{x}', '\\color{red}{x}', '\\text{prijs}', '\\binom{n}{k}', '\\begin{cases}a & x>0\\\\b&\\text{anders}\\end{cases}',
  '\\widehat{xyz}', '\\sigma = \\sqrt{\\frac{1}{n}\\sum_{i=1}^n (x_i-\\bar x)^2}', '\\Bigg(', '\\rule{1em}{2em}', '\\phantom{x}', '\\neq',
  '\\begin{array}{c|c}a&b\\\\\\hline c&d\\end{array}', '\\mathbf{A}^{-1}', '\\frac{\\partial U}{\\partial x}', 'MR = MC',
];

const raw = new Marked({ gfm: true, extensions: mathExtensions });

/** Elements, classes and style declarations of some HTML, as a comparable multiset. */
function shape(html: string) {
  const tags = [...html.matchAll(/<([a-zA-Z]+)/g)].map((m) => m[1]!.toLowerCase()).sort();
  const classes = [...html.matchAll(/class="([^"]*)"/g)].flatMap((m) => m[1]!.split(/\s+/)).sort();
  const styles = [...html.matchAll(/style="([^"]*)"/g)].flatMap((m) => m[1]!.split(';').map((d) => d.replace(/\s/g, '')).filter(Boolean)).sort();
  return { tags, classes, styles };
}

describe('the sanitizer and KaTeX', () => {
  it.each(FORMULAS)('keeps every element, class and style KaTeX writes for %s', (tex) => {
    for (const md of [`Zie $${tex}$ hier.`, `$$\n${tex}\n$$`]) {
      const before = raw.parse(md, { async: false }) as string;
      expect(before).toContain('class="katex"');
      expect(shape(renderChapterHtml(md, 'fx'))).toEqual(shape(before));
    }
  });

  it('drops what a formula may not bring: links, other classes, styles that load a URL', () => {
    const html = renderChapterHtml(
      '$\\href{javascript:alert(1)}{x}$ $\\htmlClass{evil}{y}$ $\\htmlStyle{background:url(https://evil.example/x)}{z}$ $\\color{red}{ok}$',
      'fx',
    );
    // KaTeX without trust shows such a command as red text; the source stays text in the annotation
    const markup = (html.match(/<[^>]*>/g) ?? []).join(' ');
    expect(markup).not.toMatch(/<a\b|href|class="[^"]*evil|url\(|javascript:/);
    expect(html).toContain('<span class="mord" style="color:#cc0000">\\href</span>');
    expect(html).toContain('style="color:red"');
    expect(renderChapterHtml('$\\frac{1}{$', 'fx')).toContain('<code class="math-error" title="Deze formule kon niet worden gezet">$\\frac{1}{$</code>');
  });

  it('types formulas in cards and in her own cards, where a typed "<" stays text', () => {
    expect(renderCardHtml('Elasticiteit: $\\frac{\\Delta Q / Q}{\\Delta P / P}$', 'fx')).toContain('<mfrac>');
    const own = renderOwnCardHtml('Als a<b dan $\\frac{1}{a} > \\frac{1}{b}$');
    expect(own).toContain('a&lt;b');
    expect(own).toContain('<mfrac>');
  });
});

describe.each(DIALECTS)('formulas in the content on %s', (dialect) => {
  let ctx: TestContext;
  let work: string;
  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'blok-formulas-'));
    cpSync(resolve(import.meta.dirname, '../fixtures/library-courses'), work, { recursive: true });
    const chapter = join(work, 'fx-psychologie/chapters/01-inleiding.md');
    writeFileSync(
      chapter,
      readFileSync(chapter, 'utf8') +
        '\n\n## Spreiding\n\nDe standaardafwijking is $s = \\sqrt{\\frac{1}{n-1}\\sum_{i=1}^{n}(x_i - \\bar{x})^2}$.\n\n$$\nA = \\begin{pmatrix} 1 & -0{,}5 \\\\ -2 & 1{,}5 \\end{pmatrix}\n$$\n\nHet boek kost € 5 en $10 voor een tweede.\n',
    );
    const list = join(work, 'fx-psychologie/questions/h1.yaml');
    writeFileSync(list, readFileSync(list, 'utf8').replace('text: Wat bestudeert de psychologie?', "text: 'Wat bestudeert de psychologie, en wat is $\\frac{1}{2}$?'"));
    ctx = await createTestApp(dialect, { REGISTER_RATE_LIMIT_IP: '1000', LOGIN_RATE_LIMIT_IP: '1000', API_RATE_LIMIT_PER_MINUTE: '100000' });
    await importContent(ctx.handle.db, work, { dialect });
  });
  afterAll(async () => {
    await ctx?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('serves a chapter with its formulas typeset at import, MathML beside them, and amounts left as text', async () => {
    const s = await libraryStudent(ctx);
    const chapter = (await s.call('GET', '/api/summaries/fx-psy-samenvatting/chapters/fx-psy-h1')).json() as ChapterContent;
    expect(chapter.html).toContain('<span class="katex">');
    expect(chapter.html).toContain('<annotation encoding="application/x-tex">s = \\sqrt{\\frac{1}{n-1}\\sum_{i=1}^{n}(x_i - \\bar{x})^2}</annotation>');
    expect(chapter.html).toMatch(/<p class="math-block"><span class="math-display"><span class="katex-display">.*<mtable/s);
    expect(chapter.html).toContain('Het boek kost € 5 en $10 voor een tweede.');
    expect(chapter.html).not.toContain('<script');
  });

  it('sends a question its formula as written, for the web app to typeset with the same module', async () => {
    const s = await questionStudent(ctx.app);
    const id = await s.start('fx-psy-vragen-h1', undefined, true);
    const overview = await s.overview(id);
    const q = overview.questions.find((x) => x.questionText.includes('psychologie'));
    expect(q?.questionText).toBe('Wat bestudeert de psychologie, en wat is $\\frac{1}{2}$?');
  });
});
