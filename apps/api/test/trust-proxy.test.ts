import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_TRUST_PROXY_HOPS, loadEnv } from '../src/env.ts';
import { DIALECTS, createTestApp } from './helpers.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const SERVER = resolve(import.meta.dirname, '../src/server.ts');

/** Starts server.ts as `npm start` does (through tsx here) and returns how it ended, or 'listening'. */
function start(trustProxy: string): Promise<{ code: number | null; stderr: string; stdout: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'blok-trust-proxy-'));
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'info', SEED_DEMO: 'false', JOBS: 'off', PORT: '0', HOST: '127.0.0.1', DATABASE_URL: `file:${join(dir, 'blok.db')}`, WEB_DIST: dir, TRUST_PROXY: trustProxy },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => {
    stdout += d.toString();
    // it started after all (the defect): stop it, the test fails on the exit code
    if (stdout.includes('Blok draait op')) child.kill('SIGTERM');
  });
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((done) =>
    child.once('exit', (code) => {
      rmSync(dir, { recursive: true, force: true });
      done({ code, stderr, stdout });
    }),
  );
}

/**
 * Issue 25, item 10: TRUST_PROXY values that trust every client as a proxy (so any client names its
 * own address in X-Forwarded-For and escapes every per-address counter) are refused at start with the
 * same clear message as `true`, never a stack trace.
 */
describe('TRUST_PROXY settings that would trust everyone', () => {
  const refused = ['true', String(MAX_TRUST_PROXY_HOPS + 1), '99', '0.0.0.0/0', '0.0.0.0/1,128.0.0.0/1', '::/0', '::/1, 10.0.0.1', '2000::/3', '::ffff:0:0/96', '10.0.0.0/8, 0.0.0.0/4', '1.2.3.4/33', '10.0.0.300'];

  it.each(refused)('refuses %s with the list of what is wrong', (value) => {
    expect(() => loadEnv({ NODE_ENV: 'test', TRUST_PROXY: value })).toThrow(/^Invalid environment configuration:\n {2}TRUST_PROXY: .*(would trust any client to name its own address|is no address or CIDR)/);
  });

  it('takes a hop count up to the bound, addresses, and ranges up to a /8 (IPv4) or a /16 (IPv6, or a private one)', () => {
    for (const value of ['false', '0', '1', String(MAX_TRUST_PROXY_HOPS), '10.0.0.0/8, 192.168.1.1', '172.16.0.0/12,100.64.0.0/10', '::1', 'fc00::/7', 'fe80::/10', '2a06:98c0::/29', '::ffff:10.0.0.0/104']) {
      expect(loadEnv({ NODE_ENV: 'test', TRUST_PROXY: value }).TRUST_PROXY, value).toBe(value);
    }
  });

  it('stops the start with that message and no stack trace (0.0.0.0/0 crashed in the proxy parser; 99 and two /1 ranges started)', async () => {
    const runs = await Promise.all(['0.0.0.0/0', '99', '0.0.0.0/1,128.0.0.0/1'].map(start));
    for (const run of runs) {
      expect(run.code, run.stdout + run.stderr).toBe(1);
      expect(run.stderr).toMatch(/^Invalid environment configuration:\n {2}TRUST_PROXY: .* would trust any client to name its own address/);
      expect(run.stderr).not.toMatch(/\n\s+at /);
      expect(run.stdout).not.toContain('Blok draait op');
    }
  }, 90_000);
});

describe.each(DIALECTS)('a trusted proxy range on %s', (dialect) => {
  it('reads X-Forwarded-For only from the listed proxies: a client outside them keeps its own address', async () => {
    const ctx = await createTestApp(dialect, { TRUST_PROXY: '10.0.0.0/8', API_RATE_LIMIT_PER_MINUTE: '2' });
    try {
      const from = (remoteAddress: string, xff: string) => ctx.app.inject({ method: 'GET', url: '/api/health', remoteAddress, headers: { 'x-forwarded-for': xff } });
      // a client outside 10.0.0.0/8 naming a new address each time is still counted as itself
      expect((await from('198.51.100.9', '203.0.113.1')).statusCode).toBe(200);
      expect((await from('198.51.100.9', '203.0.113.2')).statusCode).toBe(200);
      expect((await from('198.51.100.9', '203.0.113.3')).statusCode).toBe(429);
      // through the proxy, the address it saw is the client
      expect((await from('10.1.2.3', '203.0.113.4')).statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
  });
});
