import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backoffSeconds, claimJobs, enqueueJob } from '../../src/jobs/queue.ts';
import { JobRunner, recurringKey, slotStart } from '../../src/jobs/runner.ts';
import { createTestApp, DIALECTS, type TestContext } from '../helpers.ts';

describe.each(DIALECTS)('leased jobs on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(dialect);
  });
  afterAll(async () => ctx?.close());

  const runner = (leaseSeconds = 30) => new JobRunner(ctx.handle.db, ctx.handle.dialect, { pollIntervalMs: 50, leaseSeconds, batchSize: 10 });
  const jobs = (name: string) => ctx.handle.db.selectFrom('jobs').selectAll().where('name', '=', name).orderBy('created_at').execute();

  it('enqueues once per dedupe key, inside the caller’s transaction', async () => {
    const db = ctx.handle.db;
    expect(await enqueueJob(db, { name: 't.dedupe', payload: { n: 1 }, dedupeKey: 'only-once' })).toBe(true);
    expect(await enqueueJob(db, { name: 't.dedupe', payload: { n: 2 }, dedupeKey: 'only-once' })).toBe(false);
    // a rolled-back transaction leaves no job behind
    await expect(
      db.transaction().execute(async (tx) => {
        await enqueueJob(tx, { name: 't.dedupe', dedupeKey: 'rolled-back' });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    const rows = await jobs('t.dedupe');
    expect(rows.map((r) => [r.dedupe_key, JSON.parse(r.payload)])).toEqual([['only-once', { n: 1 }]]);
  });

  it('runs a job at or after run_at, with its payload, inside the transaction that marks it done', async () => {
    const r = runner();
    const seen: unknown[] = [];
    r.register('t.effect', async (payload, { tx }) => {
      seen.push(payload);
      await tx.updateTable('jobs').set({ last_error: 'effect' }).where('name', '=', 't.marker').execute();
    });
    r.register('t.marker', async () => undefined);
    await enqueueJob(ctx.handle.db, { name: 't.marker', runAt: new Date(Date.now() + 3_600_000) });
    await enqueueJob(ctx.handle.db, { name: 't.effect', payload: { later: true }, runAt: new Date(Date.now() + 3_600_000) });
    await enqueueJob(ctx.handle.db, { name: 't.effect', payload: { now: true } });
    expect(await r.runDue()).toBe(1);
    expect(seen).toEqual([{ now: true }]);
    const effect = await jobs('t.effect');
    expect(effect.map((j) => j.state).sort()).toEqual(['done', 'queued']);
    expect((await jobs('t.marker'))[0]!.last_error).toBe('effect');
  });

  it('retries a failing job with backoff, then gives it up as failed with its last error', async () => {
    const r = runner();
    let calls = 0;
    r.register('t.flaky', async () => {
      calls += 1;
      throw new Error(`boom ${calls}`);
    });
    await enqueueJob(ctx.handle.db, { name: 't.flaky', maxAttempts: 3 });
    expect(await r.runDue()).toBe(1);
    let [job] = await jobs('t.flaky');
    expect(job).toMatchObject({ state: 'queued', attempts: 1, last_error: 'boom 1' });
    expect(Date.parse(job!.run_at) - Date.now()).toBeGreaterThan(5_000); // backed off
    // make it due again twice
    for (let i = 0; i < 2; i += 1) {
      await ctx.handle.db.updateTable('jobs').set({ run_at: new Date(Date.now() - 1000).toISOString() }).where('name', '=', 't.flaky').execute();
      await r.runDue();
    }
    [job] = await jobs('t.flaky');
    expect(job).toMatchObject({ state: 'failed', attempts: 3, last_error: 'boom 3' });
    expect(calls).toBe(3);
    expect(backoffSeconds(1, 0.5)).toBe(10);
    expect(backoffSeconds(3, 0.5)).toBe(40);
    expect(backoffSeconds(30, 0.5)).toBe(3600);
  });

  it('a failing job rolls back its own effects', async () => {
    const r = runner();
    r.register('t.partial', async (_p, { tx, job }) => {
      await tx.updateTable('jobs').set({ last_error: 'half-done' }).where('id', '=', job.id).execute();
      throw new Error('after the effect');
    });
    await enqueueJob(ctx.handle.db, { name: 't.partial', maxAttempts: 1 });
    await r.runDue();
    const [job] = await jobs('t.partial');
    expect(job).toMatchObject({ state: 'failed', last_error: 'after the effect' });
  });

  it('takes over a job whose lease expired (its process died) and runs it once', async () => {
    await enqueueJob(ctx.handle.db, { name: 't.orphan' });
    // A process claims it with a 1-second lease and dies before finishing.
    const claimed = await claimJobs(ctx.handle.db, ctx.handle.dialect, { names: ['t.orphan'], workerId: 'dead-worker', limit: 10, leaseSeconds: 1 });
    expect(claimed).toHaveLength(1);
    const r = runner();
    let runs = 0;
    r.register('t.orphan', async () => {
      runs += 1;
    });
    expect(await r.runDue()).toBe(0); // still leased
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await r.runDue()).toBe(1);
    expect(runs).toBe(1);
    const [job] = await jobs('t.orphan');
    expect(job).toMatchObject({ state: 'done', attempts: 2, locked_by: null });
  });

  it('a process that lost its lease does not mark the job done, and its effects roll back', async () => {
    await enqueueJob(ctx.handle.db, { name: 't.slow' });
    const slow = runner(1);
    const fast = runner(1);
    let slowEffects = 0;
    let fastRuns = 0;
    slow.register('t.slow', async (_p, { tx, job }) => {
      // the lease runs out while this job works; another process takes it over meanwhile
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      if (dialect === 'postgres') await tx.updateTable('jobs').set({ last_error: 'slow effect' }).where('id', '=', job.id).execute();
      slowEffects += 1;
    });
    fast.register('t.slow', async () => {
      fastRuns += 1;
    });
    const slowRun = slow.runDue();
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    if (dialect === 'postgres') expect(await fast.runDue()).toBe(1);
    await slowRun;
    if (dialect === 'sqlite') expect(await fast.runDue()).toBe(0);
    const [job] = await jobs('t.slow');
    expect(job!.state).toBe('done');
    expect(slowEffects).toBe(1);
    if (dialect === 'postgres') {
      expect(fastRuns).toBe(1);
      expect(job!.last_error).toBeNull(); // the slow process's effect was rolled back
    }
  });

  it('schedules a recurring job once per slot, whatever the number of processes', async () => {
    const a = runner();
    const b = runner();
    let runs = 0;
    for (const r of [a, b]) r.every('t.hourly', 3600, async () => void (runs += 1));
    await Promise.all([a.scheduleRecurring(), b.scheduleRecurring(), a.scheduleRecurring()]);
    const slot = slotStart(Date.now(), 3600);
    expect((await jobs('t.hourly')).map((j) => j.dedupe_key)).toEqual([recurringKey('t.hourly', slot)]);
    await Promise.all([a.runDue(), b.runDue()]);
    expect(runs).toBe(1);
    const rows = await jobs('t.hourly');
    expect(rows.map((j) => [j.state, j.dedupe_key])).toEqual([
      ['done', recurringKey('t.hourly', slot)],
      ['queued', recurringKey('t.hourly', slot + 3_600_000)],
    ]);
  });

  it('starts with the app, and stop() waits for the running job', async () => {
    const r = runner();
    let finished = false;
    r.register('t.stop', async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      finished = true;
    });
    await enqueueJob(ctx.handle.db, { name: 't.stop' });
    r.start();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await r.stop(5_000);
    expect(finished).toBe(true);
    expect((await jobs('t.stop'))[0]!.state).toBe('done');
  });
});
