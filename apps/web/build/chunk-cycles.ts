import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;

/**
 * The static import cycles between chunks, each as the chunk file names around it. Inside a cycle
 * one chunk runs before the chunk it imports has finished, so a value it reads at load time (a
 * schema built from another chunk's constants) is still undefined there: the screen breaks in
 * the built app only, never in the dev server or in unit tests, which run modules unbundled.
 */
export const chunkCycles = (bundle: OutputBundle): string[][] => {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (fileName: string): void => {
    const chunk = bundle[fileName];
    if (chunk?.type !== 'chunk') return;
    state.set(fileName, 'open');
    stack.push(fileName);
    for (const imported of chunk.imports) {
      const seen = state.get(imported);
      if (seen === 'open') cycles.push([...stack.slice(stack.indexOf(imported)), imported]);
      else if (seen === undefined) visit(imported);
    }
    stack.pop();
    state.set(fileName, 'done');
  };
  Object.keys(bundle).forEach((fileName) => {
    if (!state.has(fileName)) visit(fileName);
  });
  return cycles;
};

/** Fails the build when its chunks import each other in a cycle (see chunkCycles). */
export const noChunkCyclesPlugin = (): Plugin => ({
  name: 'no-chunk-cycles',
  apply: 'build',
  generateBundle(_options, bundle) {
    const cycles = chunkCycles(bundle);
    if (cycles.length === 0) return;
    const chunkOf = new Map<string, string>();
    for (const output of Object.values(bundle))
      if (output.type === 'chunk')
        for (const id of output.moduleIds) chunkOf.set(id, output.fileName);
    // Each step of a cycle named by one import that makes it: "module -> imported module".
    const why = (from: string, to: string): string => {
      const chunk = bundle[from];
      for (const id of chunk?.type === 'chunk' ? chunk.moduleIds : []) {
        const imported = this.getModuleInfo(id)?.importedIds.find((i) => chunkOf.get(i) === to);
        if (imported) return `${id} -> ${imported}`;
      }
      return `${from} -> ${to}`;
    };
    const lines = cycles.map((cycle) =>
      cycle
        .slice(1)
        .map((to, index) => `  ${why(cycle[index] ?? '', to)}`)
        .join('\n'),
    );
    this.error(`chunks import each other in a cycle:\n${lines.join('\n\n')}`);
  },
});
