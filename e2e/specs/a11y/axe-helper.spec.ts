import { test, expect, expectNoAxeViolations } from '../../fixtures.ts';

// Every screen's axe check goes through expectNoAxeViolations, which runs axe in the page itself
// (legacy mode, fixtures.ts). This holds that the check still finds what it must: a clean screen
// passes, and a nameless button and grey text on white fail it, by rule.
test('the axe check passes a clean screen and names the violations of a broken one', async ({ page }) => {
  await page.goto('/auth/login');
  await expect(page.getByRole('button', { name: 'Inloggen' })).toBeVisible();
  await expectNoAxeViolations(page, 'login');

  await page.evaluate(() => {
    const main = document.querySelector('main')!;
    main.append(document.createElement('button'));
    const faint = document.createElement('p');
    faint.textContent = 'Nauwelijks leesbaar';
    faint.style.color = '#eeeeee';
    main.append(faint);
  });
  const failure = await expectNoAxeViolations(page, 'login, broken').then(
    () => '',
    (error: Error) => error.message,
  );
  expect(failure).toContain('[critical] button-name');
  expect(failure).toContain('[serious] color-contrast');
});
