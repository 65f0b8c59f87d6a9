import { describe, expect, it } from 'vitest';
import { installedVersionConflicts, rangeConflicts } from './check-single-versions.mjs';

describe('rangeConflicts', () => {
  it('names each range of a package declared differently, and where', () => {
    const conflicts = rangeConflicts({
      '.': { devDependencies: { typescript: '~6.0.3', prettier: '^3.10.1' } },
      'packages/db': { devDependencies: { typescript: '~5.9.3', prettier: '^3.10.1' } },
      'apps/web': { dependencies: { zod: '^4.1.0' } },
      'apps/api': { dependencies: { zod: '^4.1.0' } },
    });
    expect(conflicts).toEqual([
      {
        name: 'typescript',
        ranges: [
          { range: '~6.0.3', where: ['. devDependencies'] },
          { range: '~5.9.3', where: ['packages/db devDependencies'] },
        ],
      },
    ]);
  });

  it('sees a workspace that declares a package twice with two ranges', () => {
    const conflicts = rangeConflicts({
      'apps/web': { dependencies: { react: '^19.3.0' }, devDependencies: { react: '^19.2.0' } },
    });
    expect(conflicts.map((conflict) => conflict.name)).toEqual(['react']);
  });
});

describe('installedVersionConflicts', () => {
  const lock = {
    packages: {
      '': { devDependencies: { eslint: '^10.0.0' } },
      'apps/web': { dependencies: { zod: '^4.1.0' } },
      'node_modules/@proxy/web': { resolved: 'apps/web', link: true },
      'node_modules/zod': { version: '4.6.7' },
      'node_modules/chromium-bidi': { version: '1.0.0', dependencies: { zod: '^3.24.1' } },
      'node_modules/chromium-bidi/node_modules/zod': { version: '3.25.76' },
      'node_modules/eslint': { version: '10.15.0' },
      'node_modules/left-pad': { version: '1.0.0' },
      'node_modules/a/node_modules/left-pad': { version: '2.0.0' },
    },
  };

  it('reports a direct dependency installed at two versions, and who loads each copy', () => {
    expect(installedVersionConflicts(lock, ['zod', 'eslint'])).toEqual([
      {
        name: 'zod',
        versions: [
          { version: '4.6.7', paths: ['node_modules/zod'], requiredBy: ['apps/web'] },
          {
            version: '3.25.76',
            paths: ['node_modules/chromium-bidi/node_modules/zod'],
            requiredBy: ['chromium-bidi'],
          },
        ],
      },
    ]);
  });

  it('leaves alone packages that no workspace declares', () => {
    expect(installedVersionConflicts(lock, ['eslint'])).toEqual([]);
  });
});
