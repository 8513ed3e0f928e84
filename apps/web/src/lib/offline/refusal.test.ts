import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { ApiError, clearGlobalApiError, getGlobalApiError } from '../api-error.ts';
import { clearOfflineMarks, getOfflineMark, setOfflineMark } from './offline-marks.ts';
import type { OutboxEntry } from './outbox.ts';
import { dropPremiumContent } from './query-persistence.ts';
import { showRefusal } from './setup.ts';

const rating: OutboxEntry = {
  seq: 1,
  key: 'k1',
  kind: 'flashcard-rating',
  method: 'POST',
  path: 'flashcard-sessions/s1/rate',
  body: { position: 0, rating: 3, scheduleVersion: 2 },
  createdAt: '2026-01-01T00:00:00.000Z',
  refreshOnRefusal: [['flashcards', 'session', 's1']],
};
const stale = new ApiError(409, 'conflict', 'Deze kaart is intussen op een ander apparaat herhaald. Laad de sessie opnieuw.');

afterEach(async () => {
  clearGlobalApiError();
  await clearOfflineMarks();
});

describe('a queued write the server refused', () => {
  it('fetches again what showed it as done, and tells her when nobody was waiting for it', () => {
    const client = new QueryClient();
    client.setQueryData(['flashcards', 'session', 's1'], { id: 's1' });
    client.setQueryData(['flashcards', 'session', 'other'], { id: 'other' });
    showRefusal(client, { entry: rating, error: stale, waited: false });
    expect(client.getQueryState(['flashcards', 'session', 's1'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['flashcards', 'session', 'other'])?.isInvalidated).toBe(false);
    expect(getGlobalApiError()).toMatchObject({
      code: 'conflict',
      message: 'Een beoordeling die je zonder verbinding gaf, is niet bewaard: deze kaart is intussen op een ander apparaat herhaald.',
    });
  });

  it('leaves the message to the caller that was still waiting', () => {
    const client = new QueryClient();
    showRefusal(client, { entry: rating, error: stale, waited: true });
    expect(getGlobalApiError()).toBeNull();
  });

  it("shows the server's own message for other refusals", () => {
    const client = new QueryClient();
    showRefusal(client, { entry: { ...rating, kind: 'answer' }, error: new ApiError(404, 'not_found', 'Deze sessie bestaat niet.'), waited: false });
    expect(getGlobalApiError()).toMatchObject({ code: 'not_found', message: 'Deze sessie bestaat niet.' });
  });
});

describe("'Offline beschikbaar' marks", () => {
  it('are set to be fetched again when Premium ends (the picture cache went), and go on sign-out', async () => {
    await setOfflineMark('sam', { summaryId: 'sam', markedAt: 1, savedAt: 2 });
    dropPremiumContent(new QueryClient());
    await vi.waitFor(() => expect(getOfflineMark('sam')).toEqual({ summaryId: 'sam', markedAt: 1, savedAt: null }));
    await clearOfflineMarks();
    expect(getOfflineMark('sam')).toBeUndefined();
  });
});
