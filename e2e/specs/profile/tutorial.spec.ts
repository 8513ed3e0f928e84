import { expect, expectNoAxeViolations, saveScreenshot, test } from '../../fixtures.ts';

test.describe('the tutorial', () => {
  test("a visitor opens 'Zo werkt Blok' from the landing page and goes through every step by keyboard", async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    await page.goto('/home');
    await page.getByRole('link', { name: 'Zo werkt Blok' }).click();
    await expect(page).toHaveURL(/\/tutorial$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Je bibliotheek' })).toBeVisible();
    await saveScreenshot(page, 'tutorial', testInfo);
    await expectNoAxeViolations(page, 'tutorial step 1');

    const titles = ['Samenvattingen per hoofdstuk', 'Oefenvragen met uitleg', 'Flashcards', 'Blok Premium', 'Herinneringen', 'Blok op je telefoon'];
    for (const title of titles) {
      // From wherever focus is, Tab until the 'Volgende' link has it, then Enter.
      const next = page.getByRole('link', { name: 'Volgende' });
      for (let i = 0; i < 30 && !(await next.evaluate((el) => el === document.activeElement)); i += 1) await page.keyboard.press('Tab');
      await expect(next).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    }
    await expect(page).toHaveURL(/\/tutorial\/installeren$/);
    await expect(page.getByRole('link', { name: 'Stap 7: Blok op je telefoon' })).toHaveAttribute('aria-current', 'step');
    await saveScreenshot(page, 'tutorial-last', testInfo);
    await expectNoAxeViolations(page, 'tutorial last step');
    await page.getByRole('link', { name: 'Aan de slag' }).click();
    await expect(page).toHaveURL(/\/auth\/register$/);
  });
});
