import { Marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { hasMath, matchInlineMath, mathExtensions, renderTex } from './katex.ts';

const withMath = new Marked({ gfm: true, extensions: mathExtensions });
const without = new Marked({ gfm: true });
const html = (md: string) => withMath.parse(md, { async: false }) as string;

describe('the dollar rule (pandoc tex_math_dollars)', () => {
  it.each([
    'Het kost € 5 en $10.',
    'kost $5 per stuk',
    'tussen $5 en $10 per uur',
    'Een prijs van $ 5 $ of meer',
    'Dat is $20,000 en $30,000.',
    'Hij betaalt $3$4 niet',
    'een escaped \\$x\\$ blijft tekst',
    '`$x$` in code blijft code',
  ])('leaves amounts and code as text: %s', (text) => {
    expect(html(text)).toBe(without.parse(text, { async: false }) as string);
    expect(html(text)).not.toContain('katex');
  });

  it('finds a formula with no space inside its dollars and no digit after the closing one', () => {
    expect(matchInlineMath('$x^2$ en meer')).toMatchObject({ text: 'x^2', display: false });
    expect(matchInlineMath('$\\frac{1}{2}$, dus')).toMatchObject({ text: '\\frac{1}{2}', display: false });
    expect(matchInlineMath('$$\\sum_i x_i$$ is')).toMatchObject({ text: '\\sum_i x_i', display: true });
    expect(matchInlineMath('$x $')).toBeUndefined();
    expect(matchInlineMath('$ x$')).toBeUndefined();
    expect(matchInlineMath('$x$5')).toBeUndefined();
    expect(hasMath('De prijs is $5 en $x$ is onbekend')).toBe(true);
    expect(hasMath('De prijs is $5 of $10')).toBe(false);
  });

  it('typesets inline and displayed formulas with MathML for screen readers', () => {
    const out = html('Een breuk $\\frac{a}{b}$ in de tekst.\n\n$$\n\\begin{pmatrix}1 & 2\\\\ 3 & 4\\end{pmatrix}\n$$\n');
    expect(out).toMatch(/<p>Een breuk <span class="katex">.*<math xmlns="http:\/\/www.w3.org\/1998\/Math\/MathML">.*<mfrac>/s);
    expect(out).toContain('<annotation encoding="application/x-tex">\\frac{a}{b}</annotation>');
    expect(out).toContain('<p class="math-block"><span class="math-display"><span class="katex-display">');
    expect(out).toContain('<mtable');
  });

  it('shows a formula KaTeX cannot read as its source, marked, instead of failing', () => {
    expect(renderTex('\\frac{1}{', false)).toBe('<code class="math-error" title="Deze formule kon niet worden gezet">$\\frac{1}{$</code>');
    expect(renderTex('<b>x</b> \\unknowncommand', true)).toContain('$$&lt;b&gt;x&lt;/b&gt; \\unknowncommand$$');
  });
});

describe('hostile input inside dollars', () => {
  const hostile = [
    '\\href{javascript:alert(1)}{klik}',
    '\\url{javascript:alert(1)}',
    '\\htmlClass{evil}{x}',
    '\\htmlStyle{background:url(https://evil.example/x)}{x}',
    '\\htmlData{foo=bar}{x}',
    '\\includegraphics{https://evil.example/x.png}',
    '\\rule{100000em}{100000em}',
    '\\def\\a{\\a\\a}\\a',
    '\\def\\x#1{#1#1#1#1#1#1#1#1#1#1}\\x{\\x{\\x{\\x{\\x{\\x{\\x{a}}}}}}}',
    '{'.repeat(5000) + 'x' + '}'.repeat(5000),
    'x'.repeat(3000),
    '\\color{url(javascript:alert(1))}{x}',
    '\\textcolor{expression(alert(1))}{x}',
  ];

  it.each(hostile.map((h) => [h.slice(0, 50), h]))('renders %s without a link, script, URL or huge box, fast', (_, tex) => {
    const started = Date.now();
    const out = renderTex(tex, false) + renderTex(tex, true);
    expect(Date.now() - started).toBeLessThan(1000);
    // the source may show as text (a formula KaTeX refuses); no markup may carry it
    const markup = (out.match(/<[^>]*>/g) ?? []).join(' ');
    expect(markup).not.toMatch(/<a\b|<img|<script|<iframe|href|src=|javascript:|url\(|expression\(|\bon[a-z]+=|data-|class="[^"]*evil/i);
    // a rule is capped at maxSize (20em)
    for (const m of out.matchAll(/(?:width|height|border-[a-z-]*width):\s*(-?[\d.]+)em/g)) expect(Number(m[1])).toBeLessThanOrEqual(20.5);
  });
});
