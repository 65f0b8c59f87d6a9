// Makes sure poppler's command-line tools exist: the API tests read the exported PDFs as a
// reader's viewer does, pdftotext -layout for the text in the order it is drawn and pdftoppm
// for a rendered page. Debian packages them as poppler-utils; as root this installs the package
// when either tool is missing, otherwise it explains how.
import { execSync } from 'node:child_process';

const TOOLS = ['pdftotext', 'pdftoppm'];
const onPath = (tool) => {
  try {
    execSync(`command -v ${tool}`, { stdio: 'ignore', shell: '/bin/sh' });
    return true;
  } catch {
    return false;
  }
};
const missing = () => TOOLS.filter((tool) => !onPath(tool));

if (missing().length === 0) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot) {
  console.error(
    `poppler-utils is missing (${missing().join(', ')}: the API tests read exported PDFs with ` +
      'them). Install it with:\n  sudo apt-get update && sudo apt-get install -y poppler-utils',
  );
  process.exit(1);
}

console.log('poppler not found: installing Debian package "poppler-utils" ...');
execSync(
  'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq poppler-utils',
  { stdio: 'inherit', shell: '/bin/bash' },
);
if (missing().length > 0) {
  console.error(`apt-get finished but ${missing().join(', ')} is still missing.`);
  process.exit(1);
}
