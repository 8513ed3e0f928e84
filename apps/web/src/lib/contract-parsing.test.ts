import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { CatalogueSchema } from '@blok/contract/catalogue';
import { PushPreferenceBodySchema } from '@blok/contract/push';
import { LibrarySchema } from '@blok/contract/library';
import { api } from './api-client.ts';
import { mockApi } from '../testing/test-utils.tsx';

/**
 * The web app parses the API's answers with the contract's own schemas, built on zod/mini: the
 * same library in the type check, in vitest and in the production build (decision 018). Until
 * 26-11-2026 the build swapped in a stand-in whose refinements were no-ops; these answers were
 * accepted there.
 */
const catalogue = (percentage: number) => ({
  universities: [
    {
      id: 'uva',
      name: 'Universiteit van Amsterdam',
      shortName: 'UvA',
      studies: [{ id: 'psy', name: 'Psychologie', years: [{ id: 'b1', name: 'Bachelor 1', courseInfo: { vaknaam: 'Inleiding', percentage, header_afbeelding: '', titeltekst: 't', bodytekst: 'b' } }] }],
    },
  ],
});

const subject = (progress: number) => ({
  id: 's',
  title: 'Anatomie',
  description: '',
  origin: 'study',
  summaryCount: 1,
  questionListCount: 1,
  chapterCount: 4,
  readChapterCount: 1,
  progress,
  lastRead: null,
});

describe('the contract parses with zod/mini, refinements included', () => {
  it('rejects an answer that breaks a refinement (a share above 100 %), accepts the same answer within it', async () => {
    mockApi([{ path: 'catalogue', body: catalogue(250) }]);
    // the client turns an answer it cannot read into its generic error (status 0, 'unknown')
    await expect(api.get('catalogue', CatalogueSchema, { skipErrorPopup: true })).rejects.toMatchObject({ status: 0, code: 'unknown' });
    expect(CatalogueSchema.safeParse(catalogue(250)).error?.issues[0]?.path).toEqual(['universities', 0, 'studies', 0, 'years', 0, 'courseInfo', 'percentage']);
    mockApi([{ path: 'catalogue', body: catalogue(25) }]);
    await expect(api.get('catalogue', CatalogueSchema, { skipErrorPopup: true })).resolves.toEqual(catalogue(25));
  });

  it('runs int, range and refine checks, not only the shape', () => {
    expect(LibrarySchema.safeParse({ subjects: [subject(40)] }).success).toBe(true);
    expect(LibrarySchema.safeParse({ subjects: [subject(40.5)] }).success).toBe(false);
    expect(LibrarySchema.safeParse({ subjects: [subject(-1)] }).success).toBe(false);
    const preference = (days: number[]) => ({ dailyReminder: { enabled: true, time: '19:00', days }, flashcardsDue: { enabled: false }, subjectNews: { enabled: false } });
    expect(PushPreferenceBodySchema.safeParse(preference([1, 2])).success).toBe(true);
    const twice = PushPreferenceBodySchema.safeParse(preference([1, 1]));
    expect(twice.success).toBe(false);
    expect(twice.error?.issues[0]?.message).toBe('Elke dag mag maar één keer voorkomen.');
    expect(PushPreferenceBodySchema.safeParse(preference([])).error?.issues[0]?.message).toBe('Kies minstens één dag voor je studieherinnering.');
  });

  it('every contract module is written with zod/mini, so the web app ships one zod', () => {
    const dir = join(import.meta.dirname, '../../../../packages/contract/src');
    const modules = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    const zodImports = modules.flatMap((f) => [...readFileSync(join(dir, f), 'utf8').matchAll(/from '(zod[^']*)'/g)].map((m) => `${f}: ${m[1]}`));
    expect(zodImports.length).toBeGreaterThan(5);
    expect(zodImports.filter((line) => !line.endsWith(': zod/mini'))).toEqual([]);
  });
});
