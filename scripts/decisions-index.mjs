// Keeps docs/decisions/README.md's index in step with the records and checks that each record
// has a Date, a Status and Consequences. `node scripts/decisions-index.mjs` rewrites the index;
// `--check` fails (exit 1) on a missing field or a stale index instead.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '../docs/decisions');
const README = path.join(DIR, 'README.md');
const INDEX_HEADING = '## Index';

const problems = [];
const rows = readdirSync(DIR)
  .filter((name) => /^\d{3}-[\w-]+\.md$/.test(name))
  .sort()
  .map((name) => {
    const text = readFileSync(path.join(DIR, name), 'utf8');
    const title = /^# (\d{3}) (.+)$/m.exec(text);
    const date = /^(?:- )?Date: (\d{4}-\d{2}-\d{2})\s*$/m.exec(text);
    const status = /^(?:- )?Status: (.+?)\s*$/m.exec(text);
    if (!title) problems.push(`${name}: first heading must be "# NNN Title"`);
    if (!date) problems.push(`${name}: no "Date: YYYY-MM-DD" line`);
    if (!status) problems.push(`${name}: no "Status: ..." line`);
    if (!/^(## )?Consequences:?\s*$/m.test(text)) problems.push(`${name}: no Consequences section`);
    const cell = (value) => value.replaceAll('|', '\\|');
    return `| ${title?.[1] ?? name.slice(0, 3)} | [${cell(title?.[2] ?? name)}](${name}) | ${date?.[1] ?? ''} | ${cell(status?.[1] ?? '')} |`;
  });

const current = readFileSync(README, 'utf8');
const head = current.slice(0, current.indexOf(INDEX_HEADING));
const wanted = await prettier.format(
  `${head}${INDEX_HEADING}\n\n| No. | Title | Date | Status |\n| --- | --- | --- | --- |\n${rows.join('\n')}\n`,
  { ...(await prettier.resolveConfig(README)), filepath: README },
);

if (process.argv.includes('--check')) {
  if (current !== wanted) problems.push('README.md index is stale: run npm run docs:decisions');
  for (const problem of problems) console.error(`docs/decisions/${problem}`);
  process.exit(problems.length > 0 ? 1 : 0);
}
writeFileSync(README, wanted);
for (const problem of problems) console.error(`docs/decisions/${problem}`);
process.exit(problems.length > 0 ? 1 : 0);
