// The second client of bench/card-import.ts and bench/event-loop.ts: its own process, polling
// GET /api/health every 50 ms; on each mark it reports the worst wait since the previous mark.
import { spawn } from 'node:child_process';

const POLLER = `
const url = process.argv[1];
let worst = 0, count = 0, failed = 0, since = null;
const poll = async () => {
  const t = performance.now();
  since = t;
  try { const r = await fetch(url); await r.arrayBuffer(); if (!r.ok) failed++; } catch { failed++; }
  worst = Math.max(worst, performance.now() - since); count++; since = null;
  setTimeout(poll, 50);
};
poll();
process.stdin.setEncoding('utf8');
// a poll still waiting at a mark counts up to the mark, and on from it in the next window
process.stdin.on('data', (d) => { for (const line of d.split('\\n').filter(Boolean)) { const now = performance.now(); if (since !== null) { worst = Math.max(worst, now - since); since = now; } process.stdout.write(JSON.stringify({ worst: Math.round(worst), count, failed }) + '\\n'); worst = 0; count = 0; failed = 0; } });
`;

export interface HealthMark {
  /** the longest a health request took since the previous mark, ms */
  worst: number;
  count: number;
  failed: number;
}

export function startPoller(url: string) {
  const proc = spawn(process.execPath, ['-e', POLLER, `${url}/api/health`], { stdio: ['pipe', 'pipe', 'inherit'] });
  let buffered = '';
  const waiting: Array<(v: HealthMark) => void> = [];
  proc.stdout.setEncoding('utf8');
  proc.stdout.on('data', (d: string) => {
    buffered += d;
    let i: number;
    while ((i = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, i);
      buffered = buffered.slice(i + 1);
      waiting.shift()?.(JSON.parse(line) as HealthMark);
    }
  });
  return {
    /** the worst wait since the previous mark */
    mark: () => new Promise<HealthMark>((resolve) => (waiting.push(resolve), proc.stdin.write('mark\n'))),
    stop: () => proc.kill(),
  };
}
