import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateLimitRepository } from '../../src/auth/rate-limit-repository.ts';
import { runAsCommand, UnitOfWork, type CommandScope } from '../../src/write/unit-of-work.ts';
import { createTestApp, DIALECTS, type TestContext } from '../helpers.ts';

/**
 * `UnitOfWork.apart`: bookkeeping beside a command's unit of work (a login's rate-limit counters)
 * commits on its own, stands when the command then fails, and never stores the command's response.
 */
describe.each(DIALECTS)('a transaction apart from the unit of work on %s', (dialect) => {
  let ctx: TestContext;
  let uow: UnitOfWork;
  beforeAll(async () => {
    ctx = await createTestApp(dialect);
    uow = new UnitOfWork(ctx.handle.db);
  });
  afterAll(async () => ctx?.close());

  const count = async (key: string) =>
    Number((await ctx.handle.db.selectFrom('rate_limits').select('count').where('key', '=', key).executeTakeFirst())?.count ?? 0);

  function scope(): CommandScope & { completed: unknown[] } {
    const completed: unknown[] = [];
    return { successStatus: 200, stored: false, completed, complete: async (_tx, status, body) => void completed.push({ status, body }) };
  }

  it('keeps what it counted when the command then fails, and does not store the response', async () => {
    const key = `test:${randomUUID()}`;
    const command = scope();
    await expect(
      runAsCommand(command, async () => {
        const hits = await uow.apart(async (tx) => {
          // a run inside it joins it: no transaction of its own, no response stored
          await uow.run(async (inner) => {
            expect(inner).toBe(tx);
            await new RateLimitRepository(inner).hit(key, 60);
          });
          return new RateLimitRepository(tx).hit(key, 60);
        });
        expect(hits.count).toBe(2);
        throw new Error('the password was wrong');
      }),
    ).rejects.toThrow('the password was wrong');
    expect(await count(key)).toBe(2);
    expect(command.completed).toEqual([]);
    expect(command.stored).toBe(false);
  });

  it('rolls back as one when its own work fails', async () => {
    const key = `test:${randomUUID()}`;
    await expect(
      uow.apart(async (tx) => {
        await new RateLimitRepository(tx).hit(key, 60);
        throw new Error('midway');
      }),
    ).rejects.toThrow('midway');
    expect(await count(key)).toBe(0);
  });

  it('refuses to run inside a unit of work, where it would not be apart', async () => {
    await expect(uow.run(() => uow.apart(async () => 1))).rejects.toThrow(/apart/);
  });

  it("leaves the command's own unit of work to store the response", async () => {
    const key = `test:${randomUUID()}`;
    const command = scope();
    const result = await runAsCommand(command, async () => {
      await uow.apart((tx) => new RateLimitRepository(tx).hit(key, 60));
      return uow.run(async () => ({ ok: true }));
    });
    expect(result).toEqual({ ok: true });
    expect(command.completed).toEqual([{ status: 200, body: { ok: true } }]);
    expect(await count(key)).toBe(1);
  });
});
