import { describe, expect, it, vi } from 'vitest';
import { z as realZod } from 'zod';

// The production build resolves 'zod' to zod-lite (vite.config.ts): build the contract with it here.
vi.mock('zod', async () => import('./zod-lite.ts'));

describe('zod-lite, the production stand-in for zod (decision 014)', () => {
  it('builds every contract module the web app imports', async () => {
    const modules = await Promise.all([
      import('@blok/contract/auth'),
      import('@blok/contract/catalogue'),
      import('@blok/contract/config'),
      import('@blok/contract/flashcards'),
      import('@blok/contract/library'),
      import('@blok/contract/password-reset'),
      import('@blok/contract/push'),
      import('@blok/contract/questions'),
      import('@blok/contract/shop'),
      import('@blok/contract/user'),
    ]);
    for (const module of modules) expect(Object.keys(module).length).toBeGreaterThan(0);
  });

  it('checks the shape of an answer: types, enums, nullable, optional, unions, unknown keys dropped', async () => {
    const { z } = await import('./zod-lite.ts');
    expect(realZod).toBe(z);
    const Item = z.object({ id: z.string().min(1), n: z.number().int(), kind: z.enum(['a', 'b']), note: z.string().nullable(), tag: z.string().optional() });
    const List = z.object({ items: z.array(Item), more: z.union([z.literal(true), z.boolean()]).default(false) });
    expect(List.parse({ items: [{ id: 'x', n: 1, kind: 'a', note: null, extra: 1 }] })).toEqual({ items: [{ id: 'x', n: 1, kind: 'a', note: null }], more: false });
    expect(() => List.parse({ items: [{ id: 'x', n: '1', kind: 'a', note: null }] })).toThrow(/"items\[0\].n": expected number/);
    expect(() => List.parse({ items: [{ id: 'x', n: 1, kind: 'c', note: null }] })).toThrow(/items\[0\]\.kind/);
    expect(() => List.parse({ items: [{ id: 'x', n: 1, kind: 'a' }] })).toThrow(/note": expected string/);
    expect(() => List.parse(null)).toThrow(/expected object/);
    expect(Item.omit({ note: true }).extend({ x: z.boolean() }).parse({ id: 'x', n: 1, kind: 'b', x: true })).toEqual({ id: 'x', n: 1, kind: 'b', x: true });
  });

  it('parses a real token answer with the contract schema and rejects a broken one', async () => {
    const { TokenResponseSchema } = await import('@blok/contract/auth');
    const ok = { access_token: 'a', refresh_token: 'r', token_type: 'Bearer', expires_in: 3600 };
    expect(() => TokenResponseSchema.parse({ ...ok, expires_in: 'soon' })).toThrow();
    expect(() => TokenResponseSchema.parse(ok)).not.toThrow();
  });
});
