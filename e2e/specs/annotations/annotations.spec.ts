import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, saveScreenshot, signIn, test } from '../../fixtures.ts';
import { accessToken, persisted, strip, underServiceWorker } from '../pwa/offline-helpers.ts';

// Issue 28: her highlights and notes in the reader (decision 025), on the demo content's first
// psychology chapter: a sentence highlighted with the mouse and seen again after a reload and in
// 'Mijn markeringen'; a note made by keyboard, offline, that reaches the server once.

const SUMMARY = 'inleiding-psychologie-samenvatting';
const CHAPTER_URL = `/summary/read/${SUMMARY}/psy-grondslagen`;
/** the chapter's second sentence, across <strong> elements */
const SENTENCE = 'Gray en Bjorklund definiëren psychologie als de wetenschap van gedrag en de geest (mind).';

/** The first look after a page load, with the chapter's code and its data to fetch. */
const LOAD = { timeout: 10_000 };

/** What she sees on a 390 x 844 phone: the viewport, not the whole chapter. */
async function saveViewport(page: Page, name: string) {
  const dir = join(import.meta.dirname, '..', '..', 'screenshots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), animations: 'disabled' });
}

/**
 * Selects text in the chapter as a drag with the mouse does (a DOM selection over it). A drag selects
 * nothing on the page the server rendered while it is inert (decision 048), so like her it waits until
 * the app has taken the page over.
 */
async function selectInChapter(page: Page, text: string) {
  await expect(page.locator('#root')).not.toHaveAttribute('inert', '', { timeout: 15_000 });
  await page.evaluate((wanted) => {
    const article = document.querySelector('article')!;
    const walker = document.createTreeWalker(article, NodeFilter.SHOW_TEXT);
    const nodes: Array<{ node: Text; start: number }> = [];
    let all = '';
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      nodes.push({ node: n as Text, start: all.length });
      all += (n as Text).data;
    }
    const start = all.indexOf(wanted);
    if (start < 0) throw new Error(`not in the chapter: ${wanted}`);
    const end = start + wanted.length;
    const at = (offset: number, isEnd: boolean) => {
      const hit = nodes.find((x) => (isEnd ? offset > x.start && offset <= x.start + x.node.data.length : offset >= x.start && offset < x.start + x.node.data.length))!;
      return [hit.node, offset - hit.start] as const;
    };
    const range = document.createRange();
    range.setStart(...at(start, false));
    range.setEnd(...at(end, true));
    document.getSelection()!.removeAllRanges();
    document.getSelection()!.addRange(range);
  }, text);
}

/** The text of all <mark>s of one highlight, joined. */
const markedText = (page: Page) => page.locator('mark[data-annotation-id]').allInnerTexts().then((parts) => parts.join(''));

async function serverAnnotations(page: Page) {
  const headers = { authorization: `Bearer ${await accessToken(page.context())}` };
  const response = await page.request.get(`/api/summaries/${SUMMARY}/annotations`, { headers });
  expect(response.ok()).toBe(true);
  return (await response.json()).annotations as Array<{ id: string; note: string | null; color: string; anchor: { quote: { exact: string } } }>;
}

test.describe('highlights and notes', () => {
  test('she highlights a sentence, sees it again after a reload and in Mijn markeringen, and jumps back to it', async ({ page, api }, testInfo) => {
    test.setTimeout(150_000);
    await signIn(page, await api.createUser());
    await page.goto(CHAPTER_URL);
    await expect(page.getByText('Hoofdstuk 1', { exact: true })).toBeVisible(LOAD);

    await selectInChapter(page, SENTENCE);
    const panel = page.getByRole('region', { name: 'Gekozen tekst' });
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Notitie' })).toBeVisible();
    await saveViewport(page, 'annotations-panel');
    await expectNoAxeViolations(page, 'reader with the selection panel');

    const saved = page.waitForResponse((r) => r.url().endsWith(`/api/summaries/${SUMMARY}/annotations`) && r.request().method() === 'POST');
    await panel.getByRole('button', { name: 'Markeren in groen' }).click();
    expect((await saved).status()).toBe(201);
    await expect(panel).toBeHidden();
    await expect.poll(() => markedText(page)).toBe(SENTENCE);
    await expect(page.locator('mark[data-annotation-id]').first()).toHaveAttribute('data-color', 'green');

    // on any device: after a reload it comes from the server again
    await page.reload();
    await expect.poll(() => markedText(page), LOAD).toBe(SENTENCE);
    const [stored] = await serverAnnotations(page);
    expect(stored).toMatchObject({ color: 'green', note: null, anchor: { quote: { exact: SENTENCE } } });
    await expectNoAxeViolations(page, 'reader with a highlight');

    // Mijn markeringen: listed, given a note, and back to its place in the chapter
    await page.getByRole('link', { name: 'Mijn markeringen (1)' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Mijn markeringen' })).toBeVisible(LOAD);
    await expect(page.getByRole('heading', { level: 2, name: /^Hoofdstuk 1: / })).toBeVisible();
    await expect(page.getByRole('blockquote')).toContainText(SENTENCE);
    await page.getByRole('button', { name: /^Bewerken: ‘Gray en Bjorklund/ }).click();
    await page.getByLabel('Jouw notitie').fill('Definitie: kennen voor het tentamen');
    const patched = page.waitForResponse((r) => /\/api\/annotations\/[0-9a-f-]{36}$/.test(r.url()) && r.request().method() === 'PATCH');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    expect((await patched).status()).toBe(200);
    await expect(page.getByText('Definitie: kennen voor het tentamen')).toBeVisible();
    await saveScreenshot(page, 'annotations-list', testInfo);
    await expectNoAxeViolations(page, 'Mijn markeringen');

    await page.getByRole('link', { name: /^Ga naar de tekst: ‘Gray en Bjorklund/ }).click();
    await expect(page).toHaveURL(new RegExp(`${CHAPTER_URL}#markering-${stored!.id}$`));
    await expect(page.locator(`#markering-${stored!.id}`)).toBeFocused(LOAD);
    await expect(page.getByRole('button', { name: /^Notitie bij ‘Gray en Bjorklund.*: Definitie: kennen voor het tentamen$/ })).toBeVisible();

    // 'Maak flashcard': the card editor with the selection on the back and the chapter linked
    const other = 'Die zijn niet rechtstreeks waarneembaar: psychologen leiden ze af uit gedrag en uit fysiologische metingen.';
    await selectInChapter(page, other);
    await panel.getByRole('link', { name: 'Maak flashcard' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Nieuwe kaart' })).toBeVisible(LOAD);
    await expect(page.getByLabel('Achterkant', { exact: true })).toHaveValue(other);
    await expect(page.getByText('Deze kaart wordt gekoppeld aan het hoofdstuk dat je las.')).toBeVisible();
  });

  test('by keyboard alone she chooses a sentence and writes a note offline; it waits, survives a reload and arrives once', async ({ page, api }) => {
    test.setTimeout(150_000);
    await signIn(page, await api.createUser());
    await underServiceWorker(page);
    await page.goto(CHAPTER_URL);
    await expect(page.getByText('Hoofdstuk 1', { exact: true })).toBeVisible(LOAD);
    await persisted(page);

    // 'Tekst kiezen' chooses the first sentence in view and gives the panel the focus
    const choose = page.getByRole('button', { name: 'Tekst kiezen' });
    await choose.focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('region', { name: 'Gekozen tekst' });
    await expect(panel.getByRole('button', { name: 'Vorige zin' })).toBeFocused();
    await expect(page.getByRole('status').filter({ hasText: /^Gekozen: / })).toContainText('Samenvatting van hoofdstuk 1');
    await page.keyboard.press('Tab');
    await expect(panel.getByRole('button', { name: 'Volgende zin' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: /^Gekozen: / })).toHaveText(`Gekozen: ${SENTENCE}`);
    await saveViewport(page, 'annotations-keyboard');
    await expectNoAxeViolations(page, 'keyboard choice');

    await page.context().setOffline(true);
    // Volgende zin -> Zin erbij, Hele alinea, four colours -> Notitie
    for (let i = 0; i < 7; i++) await page.keyboard.press('Tab');
    await expect(panel.getByRole('button', { name: 'Notitie' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('Notitie bij de gekozen tekst')).toBeFocused();
    await page.keyboard.type('Gedrag is zichtbaar, de geest niet');
    await saveViewport(page, 'annotations-note-form');
    await page.keyboard.press('Tab');
    await expect(panel.getByRole('button', { name: 'Opslaan' })).toBeFocused();
    await page.keyboard.press('Enter');

    await expect(strip(page)).toContainText('1 markering wacht op verbinding');
    const noteButton = page.getByRole('button', { name: /^Notitie bij ‘Gray en Bjorklund definiëren psychologi…’: Gedrag is zichtbaar, de geest niet$/ });
    await expect(noteButton).toBeVisible();
    await expect.poll(() => markedText(page)).toBe(SENTENCE);
    await expect(choose).toBeFocused();
    await saveViewport(page, 'annotations-note-offline');
    await expectNoAxeViolations(page, 'a note waiting offline');

    // a reload offline: the note is still there, and still waiting
    await persisted(page);
    await page.reload();
    await expect(noteButton).toBeVisible(LOAD);
    await expect(strip(page)).toContainText('1 markering wacht op verbinding');

    // back online: sent, once
    const sent = page.waitForResponse((r) => r.url().endsWith(`/api/summaries/${SUMMARY}/annotations`) && r.request().method() === 'POST');
    await page.context().setOffline(false);
    expect((await sent).status()).toBe(201);
    await expect(strip(page)).toHaveCount(0, LOAD);
    const stored = await serverAnnotations(page);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ note: 'Gedrag is zichtbaar, de geest niet', color: 'yellow', anchor: { quote: { exact: SENTENCE } } });

    // the note is reachable by keyboard and opens to be changed
    await noteButton.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('region', { name: 'Markering' }).getByLabel('Jouw notitie')).toHaveValue('Gedrag is zichtbaar, de geest niet');
    await saveViewport(page, 'annotations-edit');
    await expectNoAxeViolations(page, 'a note opened to change');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('region', { name: 'Markering' })).toBeHidden();
    await expect(noteButton).toBeFocused();
  });
});
