import { rmSync } from 'node:fs';

/** Removes this run's temporary directory (the SQLite database of the test server). */
export default function globalTeardown(): void {
  const dir = process.env.E2E_RUN_DIR;
  if (dir) rmSync(dir, { recursive: true, force: true });
}
