import { randomUUID } from 'node:crypto';
import { expect as baseExpect, expectNoAxeViolations, saveScreenshot, signIn, test } from '../../fixtures.ts';
import { accessToken, persisted, underServiceWorker } from '../pwa/offline-helpers.ts';
import { printedPdf, SENTENCE } from './printed-pdf.ts';

const expect = baseExpect.configure({ timeout: 30_000 });

// Issue 41: "A file she opened (or marks) reads offline." A small PDF she opens is kept on the
// device; offline it opens from that copy, and switching 'Offline beschikbaar' off removes it.
test.describe('her PDF offline', () => {
  test('a PDF she opened reads offline after a reload, and is gone from the device when she switches it off, by keyboard', async ({ page, context, api, browser }, testInfo) => {
    test.setTimeout(180_000);
    const pdf = await printedPdf(browser);
    await signIn(page, await api.createUser());
    const authorization = `Bearer ${await accessToken(context)}`;
    const course = await page.request.post('/api/courses', { headers: { authorization, 'idempotency-key': randomUUID() }, data: { name: 'Sociale psychologie' } });
    expect(course.status()).toBe(201);
    const courseId = ((await course.json()) as { course: { id: string } }).course.id;
    const upload = await page.request.post(`/api/courses/${courseId}/files?name=${encodeURIComponent('Hoorcollege 3.pdf')}`, {
      headers: { authorization, 'idempotency-key': randomUUID(), 'content-type': 'application/pdf' },
      data: pdf,
    });
    expect(upload.status(), await upload.text()).toBe(201);

    // the app under its service worker, the course opened online (its screen's code and data kept)
    await page.goto(`/bibliotheek/eigen-vak/${courseId}`);
    await underServiceWorker(page);
    await page.getByRole('link', { name: 'Lees Hoorcollege 3.pdf' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/pdf\/[0-9a-f-]{36}$/);
    const viewer = page.getByRole('region', { name: "Hoorcollege 3.pdf, aantal pagina's: 2" });
    await expect(viewer.locator('.textLayer').first()).toContainText('Hoorcollege 3: sociale cognitie');
    // small: kept on the device without asking
    const offline = page.getByRole('switch', { name: 'Offline beschikbaar' });
    await expect(page.getByText('Deze pdf staat op dit apparaat.')).toBeVisible();
    await expect(offline).toBeChecked();
    await persisted(page);

    // offline, a reload: the PDF opens from the device
    await context.setOffline(true);
    await page.reload();
    await expect(viewer.locator('.textLayer').first()).toContainText('Hoorcollege 3: sociale cognitie');
    await viewer.focus();
    await page.keyboard.press('End');
    await expect(page.getByText('Pagina 2 van 2')).toBeVisible();
    await expect(page.getByRole('group', { name: 'Pagina 2' }).locator('.textLayer')).toContainText(SENTENCE.slice(0, 30));
    await expect(offline).toBeChecked();
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, 'courses-pdf-offline', testInfo);
    await expectNoAxeViolations(page, 'pdf offline');

    // switched off (space on the switch): the copy goes, and offline the PDF says why it does not open
    await offline.focus();
    await page.keyboard.press('Space');
    await expect(offline).not.toBeChecked();
    await page.reload();
    await expect(page.getByRole('alert')).toHaveText('Je bent offline en deze pdf staat niet op dit apparaat. Open hem als je weer verbinding hebt.');
    await expectNoAxeViolations(page, 'pdf offline, not kept');

    // online again: it opens from the network, and (small) is kept again
    await context.setOffline(false);
    await page.reload();
    await expect(viewer.locator('.textLayer').first()).toContainText('Hoorcollege 3: sociale cognitie');
    await expect(offline).toBeChecked();
  });
});
