import { expect, test } from '../../fixtures.ts';

/**
 * What ships parses as the tests do (decision 018): the production build checks the API's answers
 * with the contract's zod/mini schemas, refinements included. Until 26-11-2026 the build's stand-in
 * for zod checked the shape only, and this catalogue (a share of 250 %) reached the screen.
 */
test('an answer that breaks the contract\'s refinements is refused by the shipped build', async ({ page }) => {
  test.setTimeout(45_000);
  await page.route('**/api/catalogue', async (route) => {
    const response = await route.fetch();
    const catalogue = (await response.json()) as { universities: Array<{ studies: Array<{ years: Array<{ courseInfo: { percentage: number } }> }> }> };
    catalogue.universities[0]!.studies[0]!.years[0]!.courseInfo.percentage = 250;
    await route.fulfill({ response, json: catalogue });
  });
  await page.goto('/auth/register');
  await expect(page.getByRole('heading', { name: 'Welkom bij Blok' })).toBeVisible();
  // the query tries three times (lib/react-query.ts) before it tells her
  await expect(page.getByRole('alert').filter({ hasText: 'De lijst met universiteiten kon niet worden geladen.' })).toBeVisible({ timeout: 20_000 });
});
