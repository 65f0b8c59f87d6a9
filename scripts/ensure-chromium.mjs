// Makes sure a Chromium for the browser tests exists. Playwright cannot download
// its own browser here, so we use Debian's package (/usr/bin/chromium).
// As root it installs the package when missing; otherwise it explains how.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { chromiumPath } from './chromium.mjs';

if (existsSync(chromiumPath)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot) {
  console.error(
    `Chromium is missing at ${chromiumPath}. Install it with:\n  sudo apt-get update && sudo apt-get install -y chromium\n` +
      'or point CHROMIUM_PATH at another Chromium/Chrome binary.',
  );
  process.exit(1);
}

console.log('Chromium not found: installing Debian package "chromium" ...');
execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
  stdio: 'inherit',
  shell: '/bin/bash',
});
if (!existsSync(chromiumPath)) {
  console.error(`apt-get finished but ${chromiumPath} is still missing.`);
  process.exit(1);
}
