import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ListedAnnotation, SummaryAnnotations } from '@blok/contract/annotations';
import { signIn } from '../../../lib/auth/session.ts';
import { getDeviceId } from '../../../lib/device-id.ts';
import { mockApi, renderApp } from '../../../testing/test-utils.tsx';
import { testTokens } from '../../../testing/fixtures.ts';

const annotation = (id: string, exact: string, start: number, note: string | null = null): ListedAnnotation => ({
  id,
  summaryId: 'sam',
  chapterId: 'h1',
  color: 'green',
  note,
  anchor: { quote: { exact, prefix: '', suffix: '' }, position: { start, end: start + exact.length } },
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  chapterTitleText: 'Wat is psychologie?',
  chapterNumber: 1,
  found: { start, end: start + exact.length, moved: false },
});

const first = annotation('0190c000-0000-7000-8000-000000000001', 'Psychologie is de wetenschap', 0);
const second = annotation('0190c000-0000-7000-8000-000000000002', 'van gedrag', 30, 'Onthouden!');
const list: SummaryAnnotations = { summaryId: 'sam', annotations: [first, second] };

describe('deleting a highlight', () => {
  it('offers an undo in a toast that puts it back as it was, with its id, through the create call', async () => {
    await signIn(testTokens);
    const deviceid = getDeviceId();
    const { summaryId, chapterId, color, note, anchor } = second;
    const spy = mockApi([
      { path: 'summaries/sam/annotations', body: list, headers: { deviceid } },
      { method: 'DELETE', path: `annotations/${second.id}`, status: 204, headers: { deviceid } },
      { method: 'POST', path: 'summaries/sam/annotations', status: 201, body: { id: second.id, summaryId, chapterId, color, note, anchor, createdAt: second.createdAt, updatedAt: second.updatedAt }, headers: { deviceid } },
    ]);
    await renderApp('/summary/read/sam/markeringen');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Verwijderen: ‘van gedrag’' }));
    expect(screen.queryByText('Onthouden!')).toBeNull();
    // the first toast loads the toasts' chunk (Radix), transformed on demand here
    const toast = (await screen.findByText('Markering verwijderd', undefined, { timeout: 10_000 })).closest('li')!;
    await user.click(within(toast).getByRole('button', { name: 'Ongedaan maken' }));

    // back in its place, with its note, and announced
    expect(await screen.findByText('Onthouden!')).toBeInTheDocument();
    expect(screen.getAllByRole('blockquote').map((q) => q.textContent)).toEqual(['Kleur: groen: Psychologie is de wetenschap', 'Kleur: groen: van gedrag']);
    expect(await screen.findByText('Markering teruggezet.')).toBeInTheDocument();
    await waitFor(() => expect(spy.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const methods = spy.mock.calls.map(([, init]) => init?.method ?? 'GET').filter((m) => m !== 'GET');
    expect(methods).toEqual(['DELETE', 'POST']);
    const create = spy.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(create![1]!.body))).toEqual({ id: second.id, chapterId: 'h1', color: 'green', note: 'Onthouden!', anchor: second.anchor });
  });

  it('stays deleted when she lets the toast go', async () => {
    await signIn(testTokens);
    const deviceid = getDeviceId();
    const spy = mockApi([
      { path: 'summaries/sam/annotations', body: list, headers: { deviceid } },
      { method: 'DELETE', path: `annotations/${first.id}`, status: 204, headers: { deviceid } },
    ]);
    await renderApp('/summary/read/sam/markeringen');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Verwijderen: ‘Psychologie is de wetenschap’' }));
    const toast = (await screen.findByText('Markering verwijderd', undefined, { timeout: 10_000 })).closest('li')!;
    await user.click(within(toast).getByRole('button', { name: 'Sluiten' }));
    await waitFor(() => expect(screen.queryByText('Markering verwijderd')).toBeNull());
    expect(screen.queryByText('Psychologie is de wetenschap', { exact: false })).toBeNull();
    expect(spy.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });
});
