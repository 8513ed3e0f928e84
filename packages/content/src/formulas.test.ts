import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { hasMath, mathExtensions, renderTex } from '@blok/math/katex';

const withMath = new Marked({ gfm: true, extensions: mathExtensions });
const without = new Marked({ gfm: true });
const html = (md: string) => withMath.parse(md, { async: false }) as string;

/** Every Markdown text of the shipped courses: chapters, and every string in the YAML. */
function contentTexts(): { file: string; text: string }[] {
  const root = resolve(import.meta.dirname, '../courses');
  const out: { file: string; text: string }[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.md')) out.push({ file: path.slice(root.length + 1), text: readFileSync(path, 'utf8') });
      else if (name.endsWith('.yaml')) {
        const strings: string[] = [];
        const collect = (v: unknown): void => {
          if (typeof v === 'string') strings.push(v);
          else if (v && typeof v === 'object') Object.values(v).forEach(collect);
        };
        collect(parse(readFileSync(path, 'utf8')));
        out.push({ file: path.slice(root.length + 1), text: strings.join('\n\n') });
      }
    }
  };
  walk(root);
  return out;
}

describe('the shipped content', () => {
  const texts = contentTexts();
  const MATH_SUBJECTS = /^(lineaire-algebra|micro-economie|inleiding-psychologie)\//;

  it('has formulas only where maths is intended: no other text changes under the dollar rule', () => {
    const changed = texts.filter((t) => hasMath(t.text)).map((t) => t.file);
    expect(changed.filter((f) => !MATH_SUBJECTS.test(f))).toEqual([]);
    for (const t of texts.filter((x) => x.file.endsWith('.md') && !hasMath(x.text))) {
      expect(html(t.text), t.file).toBe(without.parse(t.text, { async: false }) as string);
    }
  });

  it('typesets every formula of the content without an error', () => {
    const errors: string[] = [];
    let formulas = 0;
    for (const t of texts) {
      withMath.walkTokens(withMath.lexer(t.text), (token) => {
        if (token.type !== 'math') return;
        formulas++;
        if (renderTex(token.text as string, Boolean(token.display)).includes('math-error')) errors.push(`${t.file}: ${token.raw}`);
      });
    }
    expect(errors).toEqual([]);
    expect(formulas).toBeGreaterThan(40);
  });
});
