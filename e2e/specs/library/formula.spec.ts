import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, expectNoAxeViolations, signIn, test } from '../../fixtures.ts';

// Issue 40, decision 044: a formula in the reader is typeset by KaTeX at import, with MathML for a
// screen reader; KaTeX's stylesheet comes with the chapter that has one. A displayed formula wider
// than the phone scrolls sideways and is in the tab order. Lineaire algebra, chapter 1 (free).
const SCREENSHOT_DIR = join(import.meta.dirname, '..', '..', 'screenshots');
const CHAPTER = '/summary/read/lineaire-algebra-samenvatting/lin-h1-stelsels';

test('a formula in the reader is typeset, read as MathML and reachable by keyboard when it scrolls', async ({ page, api }) => {
  test.setTimeout(60_000);
  const stylesheets: string[] = [];
  page.on('response', (res) => {
    if (/\/assets\/katex-[^/]+\.css$/.test(new URL(res.url()).pathname)) stylesheets.push(res.url());
  });
  const user = await api.createUser();
  await signIn(page, user);
  await page.goto(CHAPTER);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  const prose = page.locator('[class*="prose"]').first();
  const formula = prose.locator('.math-block .katex-display').first();
  await expect(formula).toBeVisible();
  // the augmented matrix of the example, with MathML for a screen reader and its TeX as annotation
  await expect(prose.locator('math[display="block"] mtable').first()).toBeAttached();
  await expect(prose.locator('annotation[encoding="application/x-tex"]').first()).toContainText('\\begin{aligned}');
  // KaTeX's stylesheet came with the chapter and is applied: the MathML copy is clipped, not shown twice
  await expect.poll(() => stylesheets.length).toBeGreaterThan(0);
  await expect.poll(() => formula.locator('.katex-html').evaluate((el) => getComputedStyle(el).display)).not.toBe('none');
  await expect.poll(() => prose.locator('.katex-mathml').first().evaluate((el) => getComputedStyle(el).position)).toBe('absolute');
  await expect.poll(() => prose.locator('.katex').first().evaluate((el) => getComputedStyle(el).fontFamily)).toContain('KaTeX_Main');

  await formula.scrollIntoViewIfNeeded();
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'reader-formula.png'), animations: 'disabled' });
  await expectNoAxeViolations(page, 'reader with formulas');

  // The row reduction step (two augmented matrices and the arrow between them) is wider than the
  // phone, certainly at the largest text size: it scrolls and takes keyboard focus.
  const larger = page.getByRole('button', { name: 'A+, grotere tekst' });
  while (await larger.isEnabled()) await larger.click();
  const scrolling = prose.locator('.math-block[tabindex="0"]').first();
  await expect(scrolling).toBeAttached();
  expect(await scrolling.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await page.getByRole('heading', { level: 1 }).focus();
  let reached = false;
  for (let i = 0; i < 40 && !reached; i++) {
    await page.keyboard.press('Tab');
    reached = await scrolling.evaluate((el) => el === document.activeElement);
  }
  expect(reached).toBe(true);
  for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowRight');
  await expect.poll(() => scrolling.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'reader-formula-large-text.png'), animations: 'disabled' });
  await expectNoAxeViolations(page, 'reader with formulas at the largest text size');
});

test('a formula in a practice question is typeset in the app with the same module', async ({ page, api }) => {
  // skipping on to the question in a shuffled list takes a write per skip
  test.slow();
  const subject = 'lineaire-algebra';
  const list = 'lin-h3-matrixalgebra-vragen';
  await signIn(page, await api.createUser());
  await page.goto(`/bibliotheek/question-settings/${subject}/${list}`);
  await page.getByRole('radio', { name: /Alle vragen/ }).check();
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  const heading = page.getByRole('heading', { level: 2, name: /^Oefenvraag \d+$/ });
  await expect(heading).toBeVisible();

  // lin-h3-q3: "Wat is het element in rij 2, kolom 1 van A⁻¹?" with the matrix A displayed
  const matrix = page.locator('article .katex-display', { has: page.locator('annotation', { hasText: '\\begin{bmatrix} 3 & 1' }) });
  // by its words, not its typeset matrix: KaTeX's code may still be on its way when the question shows
  const wanted = page.locator('article').filter({ hasText: 'Wat is het element in rij 2, kolom 1 van' });
  for (let i = 0; i < 10 && !(await wanted.isVisible()); i++) {
    const before = await heading.textContent();
    await page.getByRole('button', { name: 'Sla over' }).click();
    await expect(heading).not.toHaveText(before!);
  }
  await expect(matrix).toBeVisible();
  await expect(matrix.locator('math[display="block"] mtable')).toBeAttached();
  // the inline formulas of the question's sentence too, and KaTeX's fonts applied
  await expect(page.locator('article p .katex annotation', { hasText: 'A^{-1}' }).first()).toBeAttached();
  await expect.poll(() => matrix.evaluate((el) => getComputedStyle(el.querySelector('.katex')!).fontFamily)).toContain('KaTeX_Main');
  await matrix.scrollIntoViewIfNeeded();
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'question-formula.png'), animations: 'disabled' });
  await expectNoAxeViolations(page, 'practice question with a formula');
});
