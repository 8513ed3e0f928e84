#!/usr/bin/env node
// The commit-message rule (CONTRIBUTING in README.md, "Development"): a subject of at most 72
// characters, then (when there is more) a blank line and the body: the why and the figures.
//
//   node scripts/commit-message.mjs <file>     the commit-msg hook (scripts/git-hooks/commit-msg)
//   node scripts/commit-message.mjs --range    every commit after RULE_BASE up to HEAD (npm run lint)
//
// The range starts at RULE_BASE, the last commit before the rule: the history before it keeps its
// long subjects. Outside a git checkout, or in a clone without RULE_BASE (a shallow one), the range
// check says so and passes: the hook is what stops a message at the source.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** The last commit on main before the rule was introduced. */
export const RULE_BASE = 'dc1fbb2bd4db99875a96f5247bb9ff7d6bad83e0';
export const SUBJECT_MAX = 72;

/** What is wrong with a commit message (empty when nothing). Lines starting with '#' are git's comments. */
export function problems(message) {
  const lines = message
    .split('\n')
    .filter((line) => !line.startsWith('#'))
    .map((line) => line.replace(/\s+$/, ''));
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  const subject = lines[0] ?? '';
  const found = [];
  if (subject.trim() === '') found.push('the subject line is empty');
  // fixup!/squash! subjects are rewritten by `git rebase --autosquash`; git's own merge subjects pass
  const measured = subject.replace(/^(fixup|squash|amend)! /, '');
  if ([...measured].length > SUBJECT_MAX) found.push(`the subject has ${[...measured].length} characters; at most ${SUBJECT_MAX} (put the why and the figures in the body)`);
  if (lines.length > 1 && lines[1] !== '') found.push('the second line must be blank: subject, blank line, body');
  return found;
}

function git(args) {
  return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
}

function checkRange() {
  try {
    git(['cat-file', '-e', `${RULE_BASE}^{commit}`]);
  } catch {
    console.log(`commit messages: ${RULE_BASE.slice(0, 7)} is not in this checkout (not a git clone, or a shallow one): not checked`);
    return 0;
  }
  const commits = git(['rev-list', '--no-merges', `${RULE_BASE}..HEAD`]).split('\n').filter(Boolean);
  let bad = 0;
  for (const commit of commits) {
    const found = problems(git(['log', '-1', '--format=%B', commit]));
    if (found.length === 0) continue;
    bad++;
    console.error(`commit ${commit.slice(0, 10)} "${git(['log', '-1', '--format=%s', commit]).trim().slice(0, 60)}…": ${found.join('; ')}`);
  }
  console.log(`commit messages: ${commits.length} after ${RULE_BASE.slice(0, 7)} checked, ${bad} wrong`);
  return bad === 0 ? 0 : 1;
}

function checkFile(file) {
  const found = problems(readFileSync(file, 'utf8'));
  if (found.length === 0) return 0;
  console.error(`Commit message refused:\n${found.map((p) => `  - ${p}`).join('\n')}\nThe message is kept in ${file} (git commit -F <file> after editing it).`);
  return 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const arg = process.argv[2];
  if (!arg) {
    console.error('usage: commit-message.mjs <message-file> | --range');
    process.exit(2);
  }
  process.exit(arg === '--range' ? checkRange() : checkFile(arg));
}
