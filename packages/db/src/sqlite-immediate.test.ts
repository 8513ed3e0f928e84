import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, sql } from './index.ts';

// Another process writing to the same SQLite file (the API beside `npm run user:role`): it writes
// between this transaction's first read and its first write.
const OTHER_PROCESS = `
const SQLite = require('better-sqlite3');
const db = new SQLite(process.env.FILE);
db.pragma('busy_timeout = 5000');
const lines = require('node:readline').createInterface({ input: process.stdin });
console.log('ready');
lines.on('line', () => {
  db.prepare("insert into t (v) values ('theirs')").run();
  console.log('done');
  db.close();
  process.exit(0);
});
`;

describe('SQLite transactions beside another process', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('write after another process wrote since their first read, instead of failing with SQLITE_BUSY', { timeout: 20_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'blok-immediate-'));
    dirs.push(dir);
    const file = join(dir, 'db.sqlite');
    const handle = await openDatabase({ url: `file:${file}`, checkpointThread: false });
    let other: ChildProcessWithoutNullStreams | undefined;
    try {
      await sql`create table t (id integer primary key, v text not null)`.execute(handle.db);
      other = spawn(process.execPath, ['-e', OTHER_PROCESS], { cwd: import.meta.dirname, env: { ...process.env, FILE: file } });
      const said = new Set<string>();
      const waiters = new Map<string, () => void>();
      createInterface({ input: other.stdout }).on('line', (line) => {
        said.add(line);
        waiters.get(line)?.();
      });
      const heard = (line: string) => (said.has(line) ? Promise.resolve() : new Promise<void>((resolve) => waiters.set(line, resolve)));
      await heard('ready');

      await handle.db.transaction().execute(async (tx) => {
        // the snapshot: a command reads before it writes
        await sql`select count(*) as n from t`.execute(tx);
        other!.stdin.write('write\n');
        // a deferred transaction lets the other process write now; an immediate one holds it off
        await Promise.race([heard('done'), new Promise((resolve) => setTimeout(resolve, 500))]);
        await sql`insert into t (v) values ('mine')`.execute(tx);
      });
      await heard('done');
      const { rows } = await sql<{ v: string }>`select v from t order by id`.execute(handle.db);
      expect(rows.map((r) => r.v)).toEqual(['mine', 'theirs']);
    } finally {
      other?.kill();
      await handle.close();
    }
  });
});
