import { describe, expect, it } from 'vitest';
import SQLite from 'better-sqlite3';
import { cacheStatements } from './statement-cache.ts';

function database() {
  const db = new SQLite(':memory:');
  db.exec('create table t (id integer primary key, v text)');
  const insert = db.prepare('insert into t (id, v) values (?, ?)');
  for (const [id, v] of [[1, 'een'], [2, 'twee'], [3, 'drie']] as const) insert.run(id, v);
  return db;
}

describe('cacheStatements', () => {
  it('reuses a statement per SQL text and binds new parameters on each call', () => {
    const db = database();
    const stats = cacheStatements(db);
    const read = (id: number) => (db.prepare('select v from t where id = ?').get(id) as { v: string } | undefined)?.v;
    expect([read(1), read(2), read(3), read(4)]).toEqual(['een', 'twee', 'drie', undefined]);
    db.prepare('update t set v = ? where id = ?').run('TWEE', 2);
    expect(read(2)).toBe('TWEE');
    expect(db.prepare('select v from t where id = ?')).toBe(db.prepare('select v from t where id = ?'));
    expect(stats.misses()).toBe(2);
    expect(stats.hits()).toBe(6);
  });

  it('hands out a fresh statement while the cached one is still iterating', () => {
    const db = database();
    cacheStatements(db);
    const text = 'select id from t order by id';
    const outer: number[] = [];
    for (const row of db.prepare(text).iterate() as Iterable<{ id: number }>) {
      outer.push(row.id);
      expect((db.prepare(text).all() as Array<{ id: number }>).map((r) => r.id)).toEqual([1, 2, 3]);
    }
    expect(outer).toEqual([1, 2, 3]);
  });

  it('keeps at most `size` texts, the least recently used leaving first', () => {
    const db = database();
    const stats = cacheStatements(db, 2);
    const a = db.prepare('select 1');
    db.prepare('select 2');
    expect(db.prepare('select 1')).toBe(a); // hit: now the most recent
    db.prepare('select 3'); // evicts select 2
    expect(db.prepare('select 1')).toBe(a);
    const misses = stats.misses();
    db.prepare('select 2');
    expect(stats.misses()).toBe(misses + 1);
  });
});
