import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { problems, RULE_BASE, SUBJECT_MAX } from './commit-message.mjs';

const script = resolve(import.meta.dirname, 'commit-message.mjs');
const hook = resolve(import.meta.dirname, 'git-hooks/commit-msg');

describe('the commit-message rule', () => {
  it('passes a short subject, a blank line and a body', () => {
    expect(problems('Refuse private push endpoints\n\nWhy: a push to 10.0.0.1 reached the LAN.\nChecks: 12 passed.\n')).toEqual([]);
    expect(problems('Refuse private push endpoints\n')).toEqual([]);
    expect(problems(`${'x'.repeat(SUBJECT_MAX)}\n`)).toEqual([]);
  });

  it('refuses a subject over 72 characters, an empty one, and a body without the blank line', () => {
    expect(problems(`${'x'.repeat(SUBJECT_MAX + 1)}\n\nbody`)).toEqual([expect.stringContaining('73 characters')]);
    expect(problems('\n\nbody only')).toEqual([expect.stringContaining('empty')]);
    expect(problems('Subject\nbody straight after\n')).toEqual([expect.stringContaining('second line must be blank')]);
  });

  it("ignores git's comment lines and counts characters, not bytes", () => {
    expect(problems(`Subject\n\n# Please enter the commit message\n# ${'x'.repeat(200)}\n`)).toEqual([]);
    expect(problems(`${'é'.repeat(SUBJECT_MAX)}\n`)).toEqual([]);
  });

  it('is what the hook runs: exit 1 with the reason, exit 0 for a good message', () => {
    const dir = mkdtempSync(join(tmpdir(), 'blok-msg-'));
    writeFileSync(join(dir, 'bad'), `${'y'.repeat(80)}\n`);
    writeFileSync(join(dir, 'good'), 'Add the rule\n\nWhy.\n');
    const bad = spawnSync(hook, [join(dir, 'bad')], { encoding: 'utf8' });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('80 characters');
    expect(spawnSync(hook, [join(dir, 'good')], { encoding: 'utf8' }).status).toBe(0);
  });

  it('checks the commits after its base in this checkout (npm run lint)', () => {
    const inClone = spawnSync('git', ['cat-file', '-e', `${RULE_BASE}^{commit}`]).status === 0;
    const out = execFileSync('node', [script, '--range'], { encoding: 'utf8' });
    expect(out).toContain(inClone ? `after ${RULE_BASE.slice(0, 7)} checked, 0 wrong` : 'not checked');
  });
});
