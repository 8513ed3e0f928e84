import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { WorkLimiter } from './picture-work.ts';

describe('WorkLimiter', () => {
  it('runs at most `workers` tasks at once, queues `queue` more and refuses the rest with 429', async () => {
    const limiter = new WorkLimiter(2, 3);
    let running = 0;
    let peak = 0;
    const gates: Array<() => void> = [];
    const task = () =>
      limiter.run(async () => {
        running += 1;
        peak = Math.max(peak, running);
        await new Promise<void>((resolve) => gates.push(resolve));
        running -= 1;
        return 'klaar';
      });
    const accepted = Array.from({ length: 5 }, task);
    await new Promise((r) => setImmediate(r));
    expect(running).toBe(2);
    const refused = await task().catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('too_many_requests');
    expect((refused as AppError).headers['retry-after']).toBe('10');
    // Each finished task hands its turn to the next; all five finish.
    while (gates.length > 0 || running > 0) {
      gates.shift()?.();
      await new Promise((r) => setImmediate(r));
    }
    expect(await Promise.all(accepted)).toEqual(['klaar', 'klaar', 'klaar', 'klaar', 'klaar']);
    expect(peak).toBe(2);
    expect(limiter.peak).toBe(2);
    // Free again: a task runs at once.
    expect(await limiter.run(async () => 'weer')).toBe('weer');
  });

  it('gives the turn back when a task fails', async () => {
    const limiter = new WorkLimiter(1, 0);
    await expect(limiter.run(async () => Promise.reject(new Error('kapot')))).rejects.toThrow('kapot');
    expect(await limiter.run(async () => 'ok')).toBe('ok');
  });
});
