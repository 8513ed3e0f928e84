#!/usr/bin/env node
// `npm test`: lint, typecheck, Vitest, build, a short soak, Playwright — every stage runs even when an earlier
// one failed, so one run shows everything that is wrong. The last line is the combined summary
// `N passed, N failed[, N skipped]`, counted from the Vitest and Playwright JSON reports; a failed
// lint, typecheck or build stage (or a runner that failed without a failing test) counts as one
// failure. Exits 1 when anything failed.
//
//   npm test                          every stage
//   npm test -- --only=unit           Vitest only (stages: lint, typecheck, unit, build, soak, e2e;
//   npm test -- --only=lint,typecheck  comma-separated; e2e and soak imply build)
//   npm test -- --skip=e2e            every stage but these
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const reports = join(root, '.reports');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const STAGES = ['lint', 'typecheck', 'unit', 'build', 'soak', 'e2e'];

function parseArgs(argv) {
  const pick = (flag) => {
    const arg = argv.find((a) => a.startsWith(`--${flag}=`));
    if (!arg) return null;
    const names = arg.slice(flag.length + 3).split(',').map((s) => s.trim()).filter(Boolean);
    const unknown = names.filter((n) => !STAGES.includes(n));
    if (unknown.length > 0) {
      console.error(`Unknown stage(s) for --${flag}: ${unknown.join(', ')}. Stages: ${STAGES.join(', ')}`);
      process.exit(2);
    }
    return names;
  };
  const only = pick('only');
  const skip = pick('skip') ?? [];
  const selected = new Set(only ?? STAGES);
  if ((only?.includes('e2e') || only?.includes('soak')) && !skip.includes('build')) selected.add('build');
  for (const s of skip) selected.delete(s);
  return selected;
}

function header(index, total, title) {
  const line = `==> [${index}/${total}] ${title}`;
  console.log(`\n${line}\n${'-'.repeat(line.length)}`);
}

/**
 * Runs a command and resolves with its end: `ok`, its status and its own seconds. Output goes to the
 * terminal, or to `logFile`: the typecheck runs that way beside the lint (each uses one core and CI
 * has two: 93 s and 48 s one after the other, about the typecheck's time together) and its output
 * is printed at its own stage.
 */
function run(command, args, options = {}) {
  const { logFile, ...spawnOptions } = options;
  const started = Date.now();
  const seconds = () => ((Date.now() - started) / 1000).toFixed(1);
  const out = logFile ? openSync(logFile, 'w') : null;
  const child = spawn(command, args, {
    cwd: root,
    stdio: out === null ? 'inherit' : ['ignore', out, out],
    ...spawnOptions,
    env: { ...process.env, ...spawnOptions.env },
  });
  if (out !== null) closeSync(out);
  return new Promise((resolve) => {
    child.on('error', (error) => {
      console.error(`could not start ${command}: ${error.message}`);
      resolve({ ok: false, status: 'error', seconds: seconds() });
    });
    child.on('close', (code, signal) => resolve({ ok: code === 0, status: code ?? signal ?? 'error', seconds: seconds() }));
  });
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** Vitest's JSON reporter (Jest-compatible shape). Files that fail to load count as one failure each. */
function countVitest(report) {
  const passed = report.numPassedTests ?? 0;
  let failed = report.numFailedTests ?? 0;
  const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  for (const file of report.testResults ?? []) {
    const failedInFile = (file.assertionResults ?? []).filter((a) => a.status === 'failed').length;
    if (file.status === 'failed' && failedInFile === 0) failed += 1;
  }
  return { passed, failed, skipped };
}

/** Playwright's JSON reporter: flaky tests passed on retry and count as passed (and are named). */
function countPlaywright(report) {
  const s = report.stats ?? {};
  const passed = (s.expected ?? 0) + (s.flaky ?? 0);
  const failed = (s.unexpected ?? 0) + (report.errors?.length ?? 0);
  const skipped = s.skipped ?? 0;
  const flaky = [];
  const walk = (suite, trail) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'flaky') flaky.push([...trail, spec.title].filter(Boolean).join(' › '));
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...trail, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, [suite.title]);
  return { passed, failed, skipped, flaky };
}

const selected = parseArgs(process.argv.slice(2));
const plan = STAGES.filter((s) => selected.has(s));
const totals = { passed: 0, failed: 0, skipped: 0 };
const results = [];
mkdirSync(reports, { recursive: true });

let index = 0;
let buildOk = true;
/** The typecheck, started beside the lint when both run (its output is printed at its own stage). */
const typecheckLog = join(reports, 'typecheck.log');
let typecheck = null;
for (const stage of plan) {
  index += 1;
  if (stage === 'lint') {
    if (plan.includes('typecheck')) typecheck = run(process.execPath, [join(root, 'scripts', 'typecheck.mjs')], { logFile: typecheckLog });
    header(index, plan.length, 'lint: eslint ., the declared dependencies and the commit messages after the rule');
    const r = await run(bin('eslint'), ['.']);
    // every workspace declares what it imports (scripts/dependencies.mjs)
    const d = await run(process.execPath, [join(root, 'scripts', 'dependencies.mjs')]);
    // subjects of at most 72 characters, then a blank line (scripts/commit-message.mjs)
    const m = await run(process.execPath, [join(root, 'scripts', 'commit-message.mjs'), '--range']);
    const ok = r.ok && d.ok && m.ok;
    if (!ok) totals.failed += 1;
    results.push({ stage, ok, detail: ok ? 'clean' : !r.ok ? 'problems found' : !d.ok ? 'undeclared dependencies' : 'commit messages', seconds: r.seconds });
  }

  if (stage === 'typecheck') {
    header(index, plan.length, 'typecheck: tsc --noEmit per workspace');
    let r;
    if (typecheck) {
      r = await typecheck;
      process.stdout.write(readFileSync(typecheckLog, 'utf8'));
      console.log('(ran beside the lint)');
    } else {
      r = await run(process.execPath, [join(root, 'scripts', 'typecheck.mjs')]);
    }
    if (!r.ok) totals.failed += 1;
    results.push({ stage, ok: r.ok, detail: r.ok ? 'clean' : 'type errors', seconds: r.seconds });
  }

  if (stage === 'unit') {
    header(index, plan.length, 'unit: vitest run (packages, api, web)');
    const file = join(reports, 'vitest.json');
    rmSync(file, { force: true });
    const r = await run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`]);
    const report = readJson(file);
    const counts = report ? countVitest(report) : { passed: 0, failed: 0, skipped: 0 };
    // A runner that fails without a failing test (crash, unhandled error, no report) is one failure.
    if (!r.ok && counts.failed === 0) counts.failed = 1;
    totals.passed += counts.passed;
    totals.failed += counts.failed;
    totals.skipped += counts.skipped;
    const ok = r.ok && counts.failed === 0;
    const note = !report ? ' (no JSON report)' : !r.ok && counts.failed === 1 && report.numFailedTests === 0 ? ' (runner error)' : '';
    results.push({ stage, ok, detail: `${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped${note}`, seconds: r.seconds });
  }

  if (stage === 'build') {
    header(index, plan.length, 'build: npm run build (web, then api)');
    const r = await run('npm', ['run', 'build']);
    buildOk = r.ok;
    if (!r.ok) totals.failed += 1;
    results.push({ stage, ok: r.ok, detail: r.ok ? 'built' : 'build failed', seconds: r.seconds });
  }

  if (stage === 'soak') {
    // A short soak (decision 012): 40 simulated students for 15 s against the built API; no 5xx, no
    // acknowledged answer lost. It counts as one check.
    header(index, plan.length, 'soak: 40 students, 15 s, against the built API (npm run soak for the full run)');
    if (!buildOk) {
      console.log('skipped: the build failed (counted above)');
      results.push({ stage, ok: false, detail: 'not run: build failed', seconds: '0.0' });
      continue;
    }
    const r = await run(process.execPath, [join(root, 'scripts', 'reliability.mjs'), '--mode=soak', '--seconds=15', '--students=40']);
    if (r.ok) totals.passed += 1;
    else totals.failed += 1;
    results.push({ stage, ok: r.ok, detail: r.ok ? 'no 5xx, nothing lost' : '5xx or lost answers', seconds: r.seconds });
  }

  if (stage === 'e2e') {
    header(index, plan.length, 'e2e: playwright test (Chromium, 390x844)');
    if (!buildOk) {
      // Without a fresh build the browser tests would exercise a stale or missing app.
      console.log('skipped: the build failed (counted above)');
      results.push({ stage, ok: false, detail: 'not run: build failed', seconds: '0.0' });
      continue;
    }
    if (!selected.has('build') && !existsSync(join(root, 'apps', 'api', 'dist', 'server.js'))) {
      console.log('note: apps/api/dist/server.js is missing; run `npm run build` first');
    }
    const file = join(reports, 'playwright.json');
    rmSync(file, { force: true });
    const r = await run(bin('playwright'), ['test', '--reporter=list,json'], {
      cwd: join(root, 'e2e'),
      env: { PLAYWRIGHT_JSON_OUTPUT_FILE: file, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
    });
    const report = readJson(file);
    const counts = report ? countPlaywright(report) : { passed: 0, failed: 0, skipped: 0, flaky: [] };
    if (!r.ok && counts.failed === 0) counts.failed = 1;
    totals.passed += counts.passed;
    totals.failed += counts.failed;
    totals.skipped += counts.skipped;
    const ok = r.ok && counts.failed === 0;
    const flaky = counts.flaky.length > 0 ? `, ${counts.flaky.length} flaky` : '';
    results.push({ stage, ok, detail: `${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped${flaky}${report ? '' : ' (no JSON report)'}`, seconds: r.seconds });
    for (const name of counts.flaky) console.log(`flaky (passed on retry): ${name}`);
  }
}

console.log('\n==> summary');
for (const r of results) {
  console.log(`${r.ok ? 'ok  ' : 'FAIL'}  ${r.stage.padEnd(10)} ${r.detail} (${r.seconds}s)`);
}
const summary = `${totals.passed} passed, ${totals.failed} failed${totals.skipped > 0 ? `, ${totals.skipped} skipped` : ''}`;
console.log(`\n${summary}`);
process.exitCode = totals.failed > 0 || results.some((r) => !r.ok) ? 1 : 0;
