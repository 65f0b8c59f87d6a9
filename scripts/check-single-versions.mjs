// npm run deps:check — one version of each dependency:
//   1. every workspace (the root's `workspaces` and the root itself) that declares a package
//      declares it with the same range, and
//   2. package-lock.json installs each package that a workspace declares at one version only,
//      anywhere in node_modules (two copies mean two sets of types, two module states, and an
//      upgrade that reached only half of the tree).
// Prints what differs and exits 1. Plain Node, no dependencies: it runs before anything else.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'optionalDependencies'];

/** The workspace folders of a root manifest; a trailing `/*` stands for each folder in it. */
export const workspaceFolders = (rootManifest, rootDir) => {
  const patterns = Array.isArray(rootManifest.workspaces)
    ? rootManifest.workspaces
    : (rootManifest.workspaces?.packages ?? []);
  return patterns.flatMap((pattern) => {
    if (!pattern.endsWith('/*')) return [pattern];
    const parent = pattern.slice(0, -2);
    return readdirSync(path.join(rootDir, parent), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `${parent}/${entry.name}`)
      .filter((folder) => existsSync(path.join(rootDir, folder, 'package.json')));
  });
};

/**
 * Packages declared with more than one range: `{ name, ranges: [{ range, where: [...] }] }`,
 * `where` naming the workspace folder and the field (`apps/web devDependencies`).
 * `manifests` maps a workspace folder ('.' for the root) to its package.json.
 */
export const rangeConflicts = (manifests) => {
  const declared = new Map();
  for (const [folder, manifest] of Object.entries(manifests)) {
    for (const field of DEPENDENCY_FIELDS) {
      for (const [name, range] of Object.entries(manifest[field] ?? {})) {
        const ranges = declared.get(name) ?? new Map();
        ranges.set(range, [...(ranges.get(range) ?? []), `${folder} ${field}`]);
        declared.set(name, ranges);
      }
    }
  }
  return [...declared]
    .filter(([, ranges]) => ranges.size > 1)
    .map(([name, ranges]) => ({
      name,
      ranges: [...ranges].map(([range, where]) => ({ range, where })),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
};

/** The installed package's name from its lockfile key (`a/node_modules/@s/b` → `@s/b`). */
const nameOfKey = (key) => key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length);

/** The folder whose node_modules a lockfile key sits in ('' for the root). */
const parentOfKey = (key) => {
  const at = key.lastIndexOf('/node_modules/');
  return at === -1 ? '' : key.slice(0, at);
};

/** Where Node finds `name` from the package at `from`: its own node_modules, then up. */
const resolveKey = (packages, from, name) => {
  let dir = from;
  for (;;) {
    const candidate = dir === '' ? `node_modules/${name}` : `${dir}/node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (dir === '') return undefined;
    dir = dir.includes('node_modules/') ? parentOfKey(dir) : '';
  }
};

/**
 * Packages of `names` that the lockfile (v2/v3 `packages` map) installs at more than one
 * version: `{ name, versions: [{ version, paths: [...], requiredBy: [...] }] }`, `requiredBy`
 * naming the packages (or workspace folders) that load that copy.
 */
export const installedVersionConflicts = (lock, names) => {
  const packages = lock.packages ?? {};
  const wanted = new Set(names);
  const copies = new Map();
  for (const [key, entry] of Object.entries(packages)) {
    if (!key.includes('node_modules/') || entry.link) continue;
    const name = nameOfKey(key);
    if (!wanted.has(name)) continue;
    copies.set(name, [...(copies.get(name) ?? []), { key, version: entry.version }]);
  }
  const requiredBy = (copyKey, name) =>
    Object.entries(packages)
      .filter(([, entry]) =>
        ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'].some(
          (field) => entry[field]?.[name] !== undefined,
        ),
      )
      .filter(([key]) => resolveKey(packages, key, name) === copyKey)
      .map(([key]) =>
        key === '' ? '(root)' : key.includes('node_modules/') ? nameOfKey(key) : key,
      );
  return [...copies]
    .map(([name, found]) => {
      const versions = new Map();
      for (const { key, version } of found)
        versions.set(version, [...(versions.get(version) ?? []), key]);
      return { name, versions };
    })
    .filter(({ versions }) => versions.size > 1)
    .map(({ name, versions }) => ({
      name,
      versions: [...versions].map(([version, paths]) => ({
        version,
        paths,
        requiredBy: [...new Set(paths.flatMap((key) => requiredBy(key, name)))].sort(),
      })),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
};

/** Both checks over a repository folder; returns the lines to print (none when all is well). */
export const checkRepository = (rootDir) => {
  const read = (file) => JSON.parse(readFileSync(path.join(rootDir, file), 'utf8'));
  const root = read('package.json');
  const manifests = { '.': root };
  for (const folder of workspaceFolders(root, rootDir))
    manifests[folder] = read(`${folder}/package.json`);
  const workspaceNames = new Set(Object.values(manifests).map((manifest) => manifest.name));
  const problems = [];
  for (const { name, ranges } of rangeConflicts(manifests)) {
    problems.push(`${name} is declared with ${ranges.length} ranges:`);
    for (const { range, where } of ranges) problems.push(`  ${range}  in ${where.join(', ')}`);
  }
  const declared = new Set(
    Object.values(manifests).flatMap((manifest) =>
      DEPENDENCY_FIELDS.flatMap((field) => Object.keys(manifest[field] ?? {})),
    ),
  );
  const direct = [...declared].filter((name) => !workspaceNames.has(name));
  for (const { name, versions } of installedVersionConflicts(read('package-lock.json'), direct)) {
    problems.push(`${name} is installed at ${versions.length} versions:`);
    for (const { version, paths, requiredBy } of versions)
      problems.push(`  ${version}  at ${paths.join(', ')}  (for ${requiredBy.join(', ') || '?'})`);
  }
  return { problems, checked: direct.length };
};

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const { problems, checked } = checkRepository(rootDir);
  if (problems.length > 0) {
    console.error(`deps:check: a dependency has more than one version\n${problems.join('\n')}`);
    process.exit(1);
  }
  console.log(
    `deps:check: ${checked} dependencies, each declared with one range and installed once`,
  );
}
