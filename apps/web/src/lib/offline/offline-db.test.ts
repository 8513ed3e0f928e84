import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * jsdom has no IndexedDB, so these tests give the module a small one that plays what a browser does
 * when two tabs meet over a schema bump: the open request of the newer tab gets `blocked` while an
 * older tab's connection stays open, and an open connection gets `versionchange` when another tab
 * asks for a newer version. The browser itself is exercised by e2e/specs/pwa/offline-tabs.spec.ts.
 */
type Handler = ((this: unknown, event: Event) => void) | null;

class FakeRequest {
  result!: FakeDb;
  error: DOMException | null = null;
  onupgradeneeded: Handler = null;
  onsuccess: Handler = null;
  onerror: Handler = null;
  onblocked: Handler = null;
}

class FakeDb {
  closed = false;
  onversionchange: Handler = null;
  onclose: Handler = null;
  objectStoreNames = { contains: () => true };
  close() {
    this.closed = true;
  }
  transaction() {
    const request = { onsuccess: null as Handler, onerror: null as Handler, result: [] as unknown };
    const tx = {
      oncomplete: null as Handler,
      onerror: null as Handler,
      onabort: null as Handler,
      objectStore: () => ({
        getAll: () => {
          queueMicrotask(() => request.onsuccess?.call(request, new Event('success')));
          return request;
        },
      }),
    };
    return tx;
  }
}

let requests: FakeRequest[] = [];

beforeEach(() => {
  requests = [];
  vi.resetModules();
  vi.stubGlobal('indexedDB', {
    open: () => {
      const request = new FakeRequest();
      requests.push(request);
      return request;
    },
  });
});
afterEach(() => vi.unstubAllGlobals());

const fire = (target: { [key: string]: unknown }, type: string) => (target[`on${type}`] as Handler)?.call(target, new Event(type));

describe('offline database, two tabs over a schema bump', () => {
  it('closes its connection when another tab asks for a newer version, and opens again for the next read', async () => {
    const db = await import('./offline-db.ts');
    const first = db.outboxAll();
    const request = requests[0]!;
    request.result = new FakeDb();
    fire(request as never, 'success');
    await expect(first).resolves.toEqual([]);

    const connection = request.result;
    expect(connection.onversionchange).toBeTypeOf('function');
    fire(connection as never, 'versionchange');
    expect(connection.closed).toBe(true);

    // the next read opens the database again instead of using the closed connection
    const second = db.outboxAll();
    expect(requests).toHaveLength(2);
    requests[1]!.result = new FakeDb();
    fire(requests[1] as never, 'success');
    await expect(second).resolves.toEqual([]);
  });

  it('reports an upgrade blocked by another tab until it goes through, and reads wait for it', async () => {
    const db = await import('./offline-db.ts');
    const seen: boolean[] = [];
    db.onUpgradeBlocked((blocked) => seen.push(blocked));
    let settled = false;
    const read = db.outboxAll().then((rows) => {
      settled = true;
      return rows;
    });
    const request = requests[0]!;
    fire(request as never, 'blocked');
    expect(db.isUpgradeBlocked()).toBe(true);
    expect(seen).toEqual([true]);
    await Promise.resolve();
    expect(settled).toBe(false);

    // the other tab closed: the upgrade runs, then the open succeeds
    request.result = new FakeDb();
    fire(request as never, 'upgradeneeded');
    fire(request as never, 'success');
    await expect(read).resolves.toEqual([]);
    expect(db.isUpgradeBlocked()).toBe(false);
    expect(seen).toEqual([true, false]);
  });
});
