// Preloaded (with --expose-gc) into the gateway process whose idle-tunnel memory the benchmark
// reads: on SIGUSR2 it collects its garbage and, once V8 gave the freed pages back, writes its
// memory to BENCH_MEMORY_FILE (resident, resident anonymous, and the JS heap's free space).
import { readFileSync, writeFileSync } from 'node:fs';

const megabytesOf = (status, field) =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? Number.NaN) / 1024;

process.on('SIGUSR2', () => {
  if (typeof globalThis.gc === 'function') globalThis.gc();
  setTimeout(() => {
    const status = readFileSync('/proc/self/status', 'utf8');
    const { heapTotal, heapUsed } = process.memoryUsage();
    writeFileSync(
      process.env.BENCH_MEMORY_FILE ?? '/dev/null',
      JSON.stringify({
        residentMb: megabytesOf(status, 'VmRSS'),
        anonymousMb: megabytesOf(status, 'RssAnon'),
        heapFreeMb: (heapTotal - heapUsed) / 1024 ** 2,
      }),
    );
  }, 500);
});
