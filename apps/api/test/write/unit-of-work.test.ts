import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateLimitRepository } from '../../src/auth/rate-limit-repository.ts';
import { ambientState, runAsCommand, UnitOfWork, type CommandScope } from '../../src/write/unit-of-work.ts';
import { createTestApp, DIALECTS, type TestContext } from '../helpers.ts';

describe.each(DIALECTS)('the unit of work on %s', (dialect) => {
  let ctx: TestContext;
  let uow: UnitOfWork;
  beforeAll(async () => {
    ctx = await createTestApp(dialect);
    uow = new UnitOfWork(ctx.handle.db);
  });
  afterAll(async () => ctx?.close());

  /**
   * `UnitOfWork.apart`: bookkeeping beside a command's unit of work (a login's rate-limit counters)
   * commits on its own, stands when the command then fails, and never stores the command's response.
   */
  describe('a transaction apart from it', () => {
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

  /**
   * The ambient store (an AsyncLocalStorage, promise hooks on every promise of the process on Node 20)
   * is on only while a unit of work or a command is in flight (decision 014): overlapping ones each
   * keep their own transaction while the others start and end, and a read outside them sees the
   * database whatever else is in flight.
   */
  describe('the ambient store', () => {
    /** a promise and the function that settles it */
    function gate() {
      let open!: () => void;
      const opened = new Promise<void>((resolve) => (open = resolve));
      return { opened, open };
    }

    it('is off when nothing is in flight, on while a unit of work runs, and off again after', async () => {
      expect(ambientState()).toEqual({ inFlight: 0, enabled: false });
      const started = gate();
      const g = gate();
      let during: ReturnType<typeof ambientState> | undefined;
      const running = uow.run(async () => {
        during = ambientState();
        started.open();
        await g.opened;
      });
      try {
        await started.opened;
        expect(during).toEqual({ inFlight: 1, enabled: true });
        // a read outside the unit of work is on the database, not on its transaction
        expect(uow.executor).toBe(ctx.handle.db);
      } finally {
        g.open();
        await running;
      }
      expect(ambientState()).toEqual({ inFlight: 0, enabled: false });
    });

    it('keeps each overlapping unit of work on its own transaction while the others start and end', async () => {
      const key = `test:${randomUUID()}`;
      const aStarted = gate();
      const first = gate();
      const second = gate();
      const seen: string[] = [];
      const a = uow.run(async (tx) => {
        aStarted.open();
        await first.opened;
        // the store came back after b started, and outlived c
        seen.push(uow.executor === tx ? 'a: own' : 'a: other');
        await new RateLimitRepository(uow.executor).hit(key, 60);
      });
      const b = aStarted.opened.then(() =>
        uow.run(async (tx) => {
          await second.opened;
          seen.push(uow.executor === tx ? 'b: own' : 'b: other');
          await uow.run(async (inner) => seen.push(inner === tx ? 'b: joined' : 'b: apart'));
        }),
      );
      try {
        await aStarted.opened;
        // c starts and ends while a and b wait (on SQLite its transaction would wait for theirs: one writer)
        if (dialect === 'postgres') await uow.run(async (tx) => void seen.push(uow.executor === tx ? 'c: own' : 'c: other'));
        expect(ambientState().enabled).toBe(true);
        first.open();
        await a;
        expect(ambientState().enabled).toBe(true);
      } finally {
        first.open();
        second.open();
        await Promise.allSettled([a, b]);
      }
      await b;
      expect(seen.filter((s) => !s.startsWith('c'))).toEqual(['a: own', 'b: own', 'b: joined']);
      if (dialect === 'postgres') expect(seen).toContain('c: own');
      expect(ambientState()).toEqual({ inFlight: 0, enabled: false });
      expect(await new RateLimitRepository(ctx.handle.db).hit(key, 60)).toMatchObject({ count: 2 });
    });

    it('is off again after a command, a unit of work that failed and one apart', async () => {
      const completed: unknown[] = [];
      const command: CommandScope = { successStatus: 200, stored: false, complete: async (_tx, status, body) => void completed.push({ status, body }) };
      await runAsCommand(command, () => uow.run(async () => ({ ok: true })));
      expect(completed).toEqual([{ status: 200, body: { ok: true } }]);
      expect(ambientState()).toEqual({ inFlight: 0, enabled: false });
      await expect(uow.run(async () => Promise.reject(new Error('kapot')))).rejects.toThrow('kapot');
      expect(ambientState()).toEqual({ inFlight: 0, enabled: false });
      await uow.apart(async () => expect(ambientState()).toEqual({ inFlight: 1, enabled: true }));
      expect(ambientState()).toEqual({ inFlight: 0, enabled: false });
    });
  });
});
