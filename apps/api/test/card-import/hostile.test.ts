import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, createTestApp, signedInUser, type TestContext } from '../helpers.ts';
import { buildAnkiPackage, sampleDeck } from './packages.ts';

/**
 * The hostile packages of issue 38 (made by hostile/make-fixtures.mjs, committed beside it) and
 * the fairness of the parsing queue: one parse per student, a bounded queue, and a small text
 * that never waits behind packages.
 */
const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'hostile', name));
const QUIZLET = 'fotosynthese\tomzetting van licht in suikers\ncel\tkleinste eenheid van leven';

describe.each(DIALECTS)('hostile imports on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    // the production limits (200 MB unpacked), one parsing thread and one waiting place
    ctx = await createTestApp(dialect, { REGISTER_RATE_LIMIT_IP: '1000', CARD_IMPORT_WORKERS: '1', CARD_IMPORT_QUEUE: '1' });
  });
  afterAll(async () => ctx?.close());

  const student = async () => (await signedInUser(ctx.app)).headers;
  const send = (headers: Record<string, string>, url: string, body: Buffer | string, type = 'application/octet-stream') =>
    ctx.app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': type, 'idempotency-key': randomUUID() }, payload: body });

  /** An upload whose body has not arrived yet: admitted (it holds her place) once the server starts reading it. */
  async function stalledUpload(headers: Record<string, string>, body: Buffer, source = 'apkg') {
    const stream = new PassThrough();
    const reading = new Promise<void>((resolve) => stream.on('newListener', (event) => event === 'readable' && resolve()));
    const response = ctx.app.inject({
      method: 'POST',
      url: `/api/card-imports/preview?source=${source}`,
      headers: { ...headers, 'content-type': 'application/octet-stream', 'content-length': String(body.length) },
      payload: stream,
    });
    await reading;
    return { finish: () => (stream.end(body), response) };
  }

  it('refuses the zstd frames that claim gigabytes and the generated column with a Dutch reason, never a 500', async () => {
    const headers = await student();
    const cases = [
      { file: 'zstd-second-frame-window.apkg', status: 413, error: 'file_too_large', message: /MB/ },
      { file: 'zstd-192mib-window.apkg', status: 413, error: 'file_too_large', message: /MB/ },
      { file: 'generated-column.apkg', status: 422, error: 'import_unsafe_file', message: /berekende kolom/ },
    ];
    for (const c of cases) {
      for (const path of ['/api/card-imports/preview', '/api/card-imports']) {
        const res = await send(headers, `${path}?source=apkg&title=X`, fixture(c.file));
        expect(res.statusCode, `${path} ${c.file}`).toBe(c.status);
        expect(res.json().error, c.file).toBe(c.error);
        expect(res.json().error_description, c.file).toMatch(c.message);
        expect(res.json().error_description).toMatch(/ niet | is /);
      }
    }
  });

  it('leaves out a note with a 10 MB field, saying why, and previews the rest', async () => {
    const res = await send(await student(), '/api/card-imports/preview?source=apkg', fixture('ten-mb-field.apkg'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ cardCount: 1, skippedCount: 1 });
    expect(res.json().cards[0]).toMatchObject({ front: 'ribosoom', back: 'maakt eiwitten' });
    expect(res.json().problems).toEqual([{ where: 'notitie 2', message: 'Deze notitie is groter dan 100 kB en is weggelaten.', skipped: true }]);
  });

  it('leaves out a text line with a 10 MB field too', async () => {
    const text = `${QUIZLET}\ngroot\t${'x'.repeat(10 * 1024 * 1024)}\n`;
    const res = await send(await student(), '/api/card-imports/preview?source=text', text, 'text/plain');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ cardCount: 2, skippedCount: 1 });
    expect(res.json().problems).toEqual([{ where: 'regel 3', message: 'Deze regel is groter dan 100 kB en is weggelaten.', skipped: true }]);
  });

  it('parses one file per student at a time and holds a bounded queue; a small text of another student goes ahead', async () => {
    const anki = await buildAnkiPackage(sampleDeck(1));
    const first = await student();
    const held = await stalledUpload(first, anki);

    // her second parse, while the first is still hers: 429 with Retry-After, the body never read
    for (const path of ['/api/card-imports/preview?source=text', '/api/card-imports?source=text&title=X']) {
      const again = await send(first, path, QUIZLET, 'text/plain');
      expect(again.statusCode, path).toBe(429);
      expect(again.json()).toEqual({ error: 'import_busy', error_description: expect.stringMatching(/^Je vorige bestand wordt nog gelezen/) });
      expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    }

    // one thread and one waiting place: a second student's package waits, a third's is refused
    const second = await student();
    const waiting = await stalledUpload(second, anki);
    const third = await send(await student(), '/api/card-imports/preview?source=apkg', anki);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ error: 'import_busy', error_description: expect.stringMatching(/^Er worden nu veel bestanden gelezen/) });
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);

    // a fourth student's small text is not behind them
    const small = await send(await student(), '/api/card-imports/preview?source=text', QUIZLET, 'text/plain');
    expect(small.statusCode).toBe(200);
    expect(small.json()).toMatchObject({ cardCount: 2 });

    // the held ones are answered, and then she may parse again
    expect((await held.finish()).statusCode).toBe(200);
    expect((await waiting.finish()).statusCode).toBe(200);
    expect((await send(first, '/api/card-imports/preview?source=text', QUIZLET, 'text/plain')).statusCode).toBe(200);
  });
});
