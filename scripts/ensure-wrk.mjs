// Makes sure the HTTP load generator of `npm run bench` exists: wrk, a small C program that
// loads a server from its own process (a generator inside the measured Node process would
// share its event loop and cores). Debian packages it; as root this installs the package
// when missing, otherwise it explains how. WRK_PATH points at another binary.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const candidates = [process.env.WRK_PATH, '/usr/bin/wrk', '/usr/local/bin/wrk'].filter(Boolean);
const found = () => candidates.find((path) => existsSync(path));

if (found()) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot) {
  console.error(
    'wrk (the load generator of npm run bench) is missing. Install it with:\n' +
      '  sudo apt-get update && sudo apt-get install -y wrk\n' +
      'or point WRK_PATH at a wrk binary.',
  );
  process.exit(1);
}

console.log('wrk not found: installing Debian package "wrk" ...');
execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk', {
  stdio: 'inherit',
  shell: '/bin/bash',
});
if (!found()) {
  console.error('apt-get finished but wrk is still missing.');
  process.exit(1);
}
