#!/usr/bin/env node
// Every workspace declares what it imports, and nothing else (issue 42). A package a workspace
// imports without declaring it resolves only because another workspace's dependency was hoisted to
// the root's node_modules: it breaks the day that workspace drops it, or npm places it elsewhere.
//
//   node scripts/dependencies.mjs        (in `npm run lint`): prints each problem, exits 1 if any
//
// What counts as an import: import/export … from, import(), require(), require.resolve() and
// import.meta.resolve() of a name, `/// <reference types>`, vi.mock() (read with TypeScript's
// preProcessFile, so comments and strings are not imports), `node --import <name>` in the
// workspace's scripts, and the `types` of its tsconfig.json (`node` is @types/node). The root counts as a workspace of its own: its files outside the others
// (scripts/, the configs). A declared package nothing imports is reported too, unless it is used
// another way: its binary in the workspace's scripts, the types (`@types/x`) of a package it
// declares, or a peer dependency of a package it declares.
import { builtinModules, createRequire } from 'node:module';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';

const SOURCE = /\.(?:[mc]?[jt]s|[jt]sx)$/;
/** Folders that hold no source of the workspace's own: installed, built or generated files. */
const SKIPPED = new Set(['node_modules', 'dist', 'dist-server', 'dev-dist', 'coverage', 'test-results', 'playwright-report', 'screenshots', '.tmp', '.reports', 'data']);
const BUILTIN = new Set(builtinModules);
/** Calls that take a package name besides the ones preProcessFile reads. */
const NAME_CALLS = /(?:\brequire\.resolve|\)\.resolve|\bimport\.meta\.resolve|\bvi\.(?:mock|doMock|importActual))\s*\(\s*['"]([^'"]+)['"]/g;

/** The package a module specifier names (`@scope/name/sub` -> `@scope/name`), or null for a file, a builtin or a virtual module. */
export function packageOf(specifier) {
  if (/^[./#]/.test(specifier) || specifier.includes(':')) return null;
  const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];
  return BUILTIN.has(name) ? null : name;
}

function sourceFiles(dir, skip) {
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED.has(entry.name) && !entry.name.startsWith('.') && !skip.has(path)) files.push(...sourceFiles(path, skip));
    } else if (entry.isFile() && SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(path);
  }
  return files;
}

/** The packages the source files of `dir` import, each with the first file that does. */
export function importsOf(dir, skip = new Set()) {
  const found = new Map();
  for (const file of sourceFiles(dir, skip)) {
    const text = readFileSync(file, 'utf8');
    const info = ts.preProcessFile(text, true, true);
    const specifiers = [...info.importedFiles, ...info.typeReferenceDirectives].map((i) => i.fileName);
    for (const m of text.matchAll(NAME_CALLS)) specifiers.push(m[1]);
    for (const specifier of specifiers) {
      const name = packageOf(specifier);
      if (name && !found.has(name)) found.set(name, file);
    }
  }
  return found;
}

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
/** tsconfig.json allows comments and trailing commas; TypeScript reads it. */
const readTsconfig = (file) => (existsSync(file) ? (ts.readConfigFile(file, ts.sys.readFile).config ?? {}) : {});

/** An installed package's manifest as the workspace resolves it, or null. */
function manifestOf(dir, name) {
  try {
    return readJson(createRequire(pathToFileURL(join(dir, 'package.json'))).resolve(`${name}/package.json`));
  } catch {
    // a package whose exports hide package.json: look in the node_modules folders up from the workspace
    for (let d = dir; ; d = dirname(d)) {
      const file = join(d, 'node_modules', name, 'package.json');
      if (existsSync(file)) return readJson(file);
      if (dirname(d) === d) return null;
    }
  }
}

/** The problems of one workspace: imported but not declared, declared but not used. */
export function checkWorkspace(root, workspace, skip = new Set()) {
  const dir = resolve(root, workspace);
  const pkg = readJson(join(dir, 'package.json'));
  const declared = new Set(Object.keys({ ...pkg.dependencies, ...pkg.devDependencies, ...pkg.peerDependencies, ...pkg.optionalDependencies }));
  const imports = importsOf(dir, skip);
  const scripts = Object.values(pkg.scripts ?? {}).join('\n');
  for (const m of scripts.matchAll(/--(?:import|require)[=\s]+([^\s'"]+)/g)) if (packageOf(m[1]) && !imports.has(packageOf(m[1]))) imports.set(packageOf(m[1]), 'package.json');
  // tsconfig's `types`: a package, or its @types/ package (`node` is @types/node)
  const tsconfig = join(dir, 'tsconfig.json');
  for (const entry of readTsconfig(tsconfig).compilerOptions?.types ?? []) {
    const name = packageOf(entry);
    const typesName = `@types/${name.replace(/^@(.+)\/(.+)$/, '$1__$2')}`;
    const chosen = declared.has(name) ? name : declared.has(typesName) || manifestOf(dir, typesName) ? typesName : name;
    if (!imports.has(chosen)) imports.set(chosen, tsconfig);
  }
  const problems = [];
  for (const [name, file] of imports) {
    if (name !== pkg.name && !declared.has(name)) problems.push(`${workspace}: imports ${name} (${relative(root, file)}) without declaring it in ${relative(root, join(dir, 'package.json'))}`);
  }
  const manifests = new Map([...declared].map((name) => [name, manifestOf(dir, name)]));
  const used = (name) => {
    if (imports.has(name)) return true;
    const typed = /^@types\/(.+)$/.exec(name)?.[1];
    if (typed && [...declared].some((d) => d === typed || d.replace(/^@(.+)\/(.+)$/, '$1__$2') === typed)) return true;
    const bin = manifests.get(name)?.bin;
    const bins = typeof bin === 'string' ? [name.split('/').pop()] : Object.keys(bin ?? {});
    if (bins.some((b) => new RegExp(`(?:^|[\\s&|;(])${b.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:\\s|$)`, 'm').test(scripts))) return true;
    return [...declared].some((other) => other !== name && name in (manifests.get(other)?.peerDependencies ?? {}));
  };
  for (const name of declared) {
    if (!used(name)) problems.push(`${workspace}: declares ${name} in ${relative(root, join(dir, 'package.json'))} but nothing imports it`);
  }
  return problems;
}

/** Every workspace of the root's package.json, and the root itself (its files outside them). */
export function checkAll(root) {
  const workspaces = readJson(join(root, 'package.json')).workspaces ?? [];
  const problems = workspaces.flatMap((w) => checkWorkspace(root, w));
  // the lint rule's fixtures are linted as if they were the API's files, never run
  const notRoot = new Set([...workspaces, 'scripts/eslint/fixtures'].map((w) => resolve(root, w)));
  return [...problems, ...checkWorkspace(root, '.', notRoot)];
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const problems = checkAll(root);
  for (const p of problems) console.error(p);
  if (problems.length > 0) {
    console.error(`\n${problems.length} dependency problem(s): declare in each workspace what it imports, drop what it does not (same versions as package-lock.json, then npm install).`);
    process.exit(1);
  }
  console.log('dependencies: every workspace declares what it imports');
}
