#!/usr/bin/env node
// Type-checks every workspace that has a tsconfig.json, one after another (the machine has two
// cores; parallel tsc runs only fight for them). Prints which workspace failed; exits 1 if any did.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const workspaces = ['packages/domain', 'packages/contract', 'packages/db', 'packages/math', 'packages/content', 'apps/api', 'apps/web', 'e2e', 'bench'];
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');

const failed = [];
for (const ws of workspaces) {
  if (!existsSync(join(root, ws, 'tsconfig.json'))) continue;
  const started = Date.now();
  const result = spawnSync(process.execPath, [tsc, '--noEmit', '-p', ws], { cwd: root, stdio: 'inherit' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status === 0) {
    console.log(`typecheck ok      ${ws} (${seconds}s)`);
  } else {
    console.log(`typecheck FAILED  ${ws} (${seconds}s)`);
    failed.push(ws);
  }
}

if (failed.length > 0) {
  console.log(`\ntypecheck failed in: ${failed.join(', ')}`);
  process.exit(1);
}
