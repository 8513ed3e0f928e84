import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import SQLite from 'better-sqlite3';
import { CHECKPOINT_INTERVAL_MS, FALLBACK_AUTOCHECKPOINT_PAGES, startCheckpointer } from './checkpointer.ts';
import { openDatabase, sql } from './index.ts';

// Decision 014, "Write path, fourth round": WAL checkpoints run on a worker thread, so a commit on
// the event loop never copies the WAL back and flushes it; the WAL still stays small.
describe('SQLite checkpoints on a worker thread', () => {
  const dirs: string[] = [];
  const tempFile = () => {
    const dir = mkdtempSync(join(tmpdir(), 'blok-ckpt-'));
    dirs.push(dir);
    return join(dir, 'db.sqlite');
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  const until = async (check: () => boolean, ms = 5_000) => {
    const end = Date.now() + ms;
    while (!check()) {
      if (Date.now() > end) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  it('checkpoints what the event loop commits, without its connection ever checkpointing', { timeout: 20_000 }, async () => {
    const file = tempFile();
    const connection = new SQLite(file);
    connection.pragma('journal_mode = WAL');
    connection.pragma('synchronous = NORMAL');
    const checkpointer = startCheckpointer(connection, file, 'NORMAL');
    try {
      expect(connection.pragma('wal_autocheckpoint', { simple: true })).toBe(FALLBACK_AUTOCHECKPOINT_PAGES);
      connection.exec('create table t (id integer primary key, v text)');
      const insert = connection.prepare('insert into t (v) values (?)');
      // far fewer pages than the fallback threshold: only the worker can have checkpointed them
      for (let i = 0; i < 200; i++) insert.run('x'.repeat(2000));
      // until a checkpoint copies them, the pages are in the WAL only: the database file grows
      // with the rows once the worker has checkpointed them
      const empty = statSync(file).size;
      await until(() => statSync(file).size >= empty + 200 * 2000);
      // and the WAL is written from its start again by the next commit (it does not grow forever)
      const before = statSync(`${file}-wal`).size;
      for (let round = 0; round < 5; round++) {
        for (let i = 0; i < 200; i++) insert.run('y'.repeat(2000));
        await new Promise((r) => setTimeout(r, CHECKPOINT_INTERVAL_MS * 3));
      }
      expect(statSync(`${file}-wal`).size).toBeLessThanOrEqual(before * 2);
      expect(connection.prepare('select count(*) as n from t').get()).toEqual({ n: 1200 });
    } finally {
      await checkpointer.close();
      connection.close();
    }
  });

  it('falls back to SQLite’s own automatic checkpoint when the worker cannot open the file', async () => {
    const file = tempFile();
    const connection = new SQLite(file);
    connection.pragma('journal_mode = WAL');
    // a file that is not there: the worker opens with fileMustExist and fails
    const checkpointer = startCheckpointer(connection, `${file}.missing`, 'NORMAL');
    try {
      await until(() => connection.pragma('wal_autocheckpoint', { simple: true }) === 1000);
    } finally {
      await checkpointer.close();
      connection.close();
    }
  });

  it("leaves checkpoints to SQLite's own automatic checkpoint when switched off (decision 019)", async () => {
    const autocheckpoint = async (handle: Awaited<ReturnType<typeof openDatabase>>) =>
      (await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(handle.db)).rows[0]!.wal_autocheckpoint;
    const on = await openDatabase({ url: `file:${tempFile()}` });
    const file = tempFile();
    const off = await openDatabase({ url: `file:${file}`, checkpointThread: false });
    try {
      expect(await autocheckpoint(on)).toBe(FALLBACK_AUTOCHECKPOINT_PAGES);
      expect(await autocheckpoint(off)).toBe(1000);
      await sql`create table t (v text)`.execute(off.db);
      const empty = statSync(file).size;
      for (let i = 0; i < 20; i++) await sql`insert into t (v) values (${'z'.repeat(2000)})`.execute(off.db);
      // no thread copies the WAL back: far below 1000 pages, the database file stays as it was
      await new Promise((r) => setTimeout(r, CHECKPOINT_INTERVAL_MS * 5));
      expect(statSync(file).size).toBe(empty);
    } finally {
      await on.close();
      await off.close();
    }
  });

  it('opens a file database with it and closes it with the handle; rows survive a reopen', async () => {
    const file = tempFile();
    const handle = await openDatabase({ url: `file:${file}`, synchronous: 'NORMAL' });
    await sql`create table t (v text)`.execute(handle.db);
    await sql`insert into t (v) values ('kept')`.execute(handle.db);
    expect(existsSync(`${file}-wal`)).toBe(true);
    // the worker is up once it has checkpointed the table into the database file
    const empty = statSync(file).size;
    await until(() => statSync(file).size > empty);
    await handle.close();
    // the last connection to close removes the WAL: the worker's was closed with the handle too
    expect(existsSync(`${file}-wal`)).toBe(false);
    const again = await openDatabase({ url: `file:${file}` });
    try {
      expect((await sql<{ v: string }>`select v from t`.execute(again.db)).rows).toEqual([{ v: 'kept' }]);
    } finally {
      await again.close();
    }
  });
});
