#!/usr/bin/env node
// `npm install`'s prepare step: points git at the repository's hooks (scripts/git-hooks), so the
// commit-message rule holds on every developer's machine. Outside a git checkout (a tarball, an
// image build) it does nothing; it never fails an install.
import { execFileSync } from 'node:child_process';

try {
  execFileSync('git', ['rev-parse', '--git-dir'], { stdio: 'ignore' });
  execFileSync('git', ['config', 'core.hooksPath', 'scripts/git-hooks'], { stdio: 'ignore' });
} catch {
  // not a git checkout, or no git: nothing to install
}
