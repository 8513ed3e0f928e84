// Sums a V8 CPU profile (.cpuprofile, from `node --cpu-prof` or BENCH_CPU_PROF=<dir> npm run bench):
//   node bench/profile.mjs <file.cpuprofile> [top=25] [--last=<seconds>]
// --last counts only the samples of the profile's last seconds (a bench run of one call with
// BENCH_ROUNDS=1: Blok's measured run, then the twin's, then the end; seeding comes before).
// Prints self time by function, self time by package (node_modules/<pkg>, node: internals, Blok's
// bundle, native), and inclusive time of Blok's own functions (apps/api/dist/server.js). Idle time is
// left out of every percentage ((program) is V8/native work outside JS, e.g. socket writes; it stays in).
import { readFileSync } from 'node:fs';

const [file, topArg, ...rest] = process.argv.slice(2);
if (!file) {
  console.error('usage: node bench/profile.mjs <file.cpuprofile> [top] [--last=<s>]');
  process.exit(2);
}
const top = Number(topArg ?? 25);
const lastArg = rest.find((a) => a.startsWith('--last='));
const profile = JSON.parse(readFileSync(file, 'utf8'));
const totalUs = profile.timeDeltas.reduce((a, b) => a + b, 0);
const fromUs = lastArg ? totalUs - Number(lastArg.slice(7)) * 1e6 : 0;
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

// samples per node, counted only from --from on
const count = new Map();
let t = 0;
profile.samples.forEach((id, i) => {
  t += profile.timeDeltas[i] ?? 0;
  if (t >= fromUs) count.set(id, (count.get(id) ?? 0) + 1);
});

const where = (cf) => {
  const url = cf.url ?? '';
  if (!url) return cf.functionName.startsWith('(') ? cf.functionName : '(native)';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1];
  if (url.includes('apps/api/dist/')) return 'blok (server.js)';
  if (url.startsWith('node:')) return 'node internals';
  return url.replace(/^file:\/\//, '');
};
const label = (cf) => `${cf.functionName || '(anonymous)'} ${where(cf)}${cf.url ? `:${cf.lineNumber + 1}` : ''}`;
const idle = new Set(['(idle)']);

let busy = 0;
let idleCount = 0;
const self = new Map();
const byPackage = new Map();
const inclusiveOurs = new Map();
for (const [id, c] of count) {
  const n = nodes.get(id);
  const cf = n.callFrame;
  if (idle.has(cf.functionName)) {
    idleCount += c;
    continue;
  }
  busy += c;
  self.set(label(cf), (self.get(label(cf)) ?? 0) + c);
  byPackage.set(where(cf), (byPackage.get(where(cf)) ?? 0) + c);
  // inclusive: every distinct Blok function on the stack gets the sample once
  const seen = new Set();
  for (let p = id; p !== undefined; p = parent.get(p)) {
    const pcf = nodes.get(p).callFrame;
    if (!(pcf.url ?? '').includes('apps/api/dist/')) continue;
    const l = label(pcf);
    if (seen.has(l)) continue;
    seen.add(l);
    inclusiveOurs.set(l, (inclusiveOurs.get(l) ?? 0) + c);
  }
}
const pct = (c) => `${((100 * c) / busy).toFixed(1).padStart(5)} %`;
const print = (title, map, n = top) => {
  console.log(`\n${title}`);
  for (const [k, c] of [...map].sort((a, b) => b[1] - a[1]).slice(0, n)) console.log(`${pct(c)}  ${k}`);
};
console.log(`${file}: ${busy} busy samples, ${idleCount} idle (${((100 * busy) / (busy + idleCount)).toFixed(0)} % busy)`);
print('self time by package', byPackage, 15);
print('self time by function', self);
print("inclusive time of Blok's functions", inclusiveOurs);
