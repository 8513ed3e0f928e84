import { expect, expectNoAxeViolations, saveScreenshot, signIn, test } from '../../fixtures.ts';
import { demoList } from './content.ts';

const SUBJECT = 'inleiding-programmeren';
const LIST = 'prog-h3-voorwaarden-en-herhaling-vragen';
/** The question that prints an accumulated total: a code block with one line wider than a phone. */
const QUESTION = 'prog-h3-q2';

test.describe('code in practice questions', () => {
  test('a code question shows its code block in monospace, line for line, scrolling sideways at 390 px instead of wrapping', async ({ page, api }, testInfo) => {
    // skipping on to the code question in a shuffled list takes a write per skip
    test.slow();
    const list = demoList(SUBJECT, LIST);
    const question = list.questions.find((q) => q.id === QUESTION)!;
    const code = /```python\n([\s\S]*?)\n```/.exec(question.text)![1]!;
    const lines = code.split('\n');
    await signIn(page, await api.createUser());

    await page.goto(`/bibliotheek/question-settings/${SUBJECT}/${LIST}`);
    await page.getByRole('radio', { name: /Alle vragen/ }).check();
    await page.getByRole('button', { name: 'Start', exact: true }).click();
    await expect(page.getByRole('heading', { level: 2, name: /^Oefenvraag \d+$/ })).toBeVisible();

    // Whatever the order of the session, skip on to the question with this code.
    const block = page.locator('article pre', { hasText: 'for i in range(4):' });
    for (let i = 0; i < list.questions.length && !(await block.isVisible()); i++) {
      const heading = await page.getByRole('heading', { level: 2, name: /^Oefenvraag \d+$/ }).textContent();
      await page.getByRole('button', { name: 'Sla over' }).click();
      await expect(page.getByRole('heading', { level: 2, name: /^Oefenvraag \d+$/ })).not.toHaveText(heading!);
    }
    await expect(block).toBeVisible();

    // The code as written: every line, its indentation kept, in a monospace font, never wrapped.
    await expect(block).toHaveText(code);
    const style = await block.evaluate((el) => {
      const css = getComputedStyle(el);
      const lineHeight = parseFloat(css.lineHeight);
      const padding = parseFloat(css.paddingTop) + parseFloat(css.paddingBottom);
      return {
        whiteSpace: css.whiteSpace,
        overflowX: css.overflowX,
        fontFamily: css.fontFamily,
        lineBoxes: Math.round((el.clientHeight - padding) / lineHeight),
        scrolls: el.scrollWidth > el.clientWidth,
        tabIndex: el.getAttribute('tabindex'),
      };
    });
    expect(style.whiteSpace).toBe('pre');
    expect(style.overflowX).toBe('auto');
    expect(style.fontFamily).toMatch(/monospace/);
    expect(style.lineBoxes).toBe(lines.length);
    // The long line scrolls inside the block (reachable by keyboard), not the page.
    expect(style.scrolls).toBe(true);
    expect(style.tabIndex).toBe('0');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await block.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => block.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    await block.evaluate((el) => el.scrollTo({ left: 0 }));

    // A number is asked (issue 40): typed in the field under the code, checked with Enter.
    await saveScreenshot(page, 'questions-code', testInfo);
    await expectNoAxeViolations(page, 'code question');
    await page.getByRole('textbox', { name: 'Jouw antwoord' }).focus();
    await page.keyboard.type(String(question.value));
    await page.keyboard.press('Enter');

    // The feedback renders its inline code in monospace too.
    const feedback = page.locator('[data-feedback]');
    await expect(feedback).toBeVisible();
    expect(await feedback.locator('code').first().evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/monospace/);
    await saveScreenshot(page, 'questions-code-feedback', testInfo);
    await expectNoAxeViolations(page, 'code question feedback');
  });
});
