/** Checks and table rows shared by the bench scenarios. */
import type { LoadResult } from './load.ts';

export const assertClean = (label: string, result: LoadResult) => {
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${label}: ${result.non2xx} non-2xx, ${result.errors} errors`);
};

const sum = (results: LoadResult[]) => results.reduce((total, r) => total + r.okPerSecond, 0);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
/** Requests per second over all rounds, and the p99 of the worst... and median round. */
export const combined = (results: LoadResult[]): LoadResult => {
  const first = results[0];
  if (!first) throw new Error('no results');
  return {
    ...first,
    okPerSecond: sum(results) / results.length,
    latencyMs: {
      ...first.latencyMs,
      p50: median(results.map((r) => r.latencyMs.p50)),
      p99: median(results.map((r) => r.latencyMs.p99)),
    },
  };
};

export const row = (label: string, r: LoadResult) =>
  `| ${label.padEnd(38)} | ${r.okPerSecond.toFixed(0).padStart(8)} | ${r.latencyMs.p50.toFixed(1).padStart(6)} | ${r.latencyMs.p99.toFixed(1).padStart(7)} |`;
