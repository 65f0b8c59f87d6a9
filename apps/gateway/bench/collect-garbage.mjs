// Preloaded (with --expose-gc) into the gateway process whose idle-tunnel memory the benchmark
// reads: on SIGUSR2 it collects its garbage and, once V8 gave the freed pages back, writes its
// memory to BENCH_MEMORY_FILE (resident, resident anonymous, and the JS heap's resident pages and
// the part of them its objects use).
import { readFileSync, writeFileSync } from 'node:fs';
import v8 from 'node:v8';

const megabytesOf = (status, field) =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? Number.NaN) / 1024;

process.on('SIGUSR2', () => {
  if (typeof globalThis.gc === 'function') globalThis.gc();
  setTimeout(() => {
    const status = readFileSync('/proc/self/status', 'utf8');
    // total_physical_size, not heapTotal: V8 commits heap it has not touched yet, which is not
    // resident, and subtracting it made the figure swing by tens of megabytes between runs.
    const { total_physical_size: heapPhysical, used_heap_size: heapUsed } = v8.getHeapStatistics();
    writeFileSync(
      process.env.BENCH_MEMORY_FILE ?? '/dev/null',
      JSON.stringify({
        residentMb: megabytesOf(status, 'VmRSS'),
        anonymousMb: megabytesOf(status, 'RssAnon'),
        heapResidentMb: heapPhysical / 1024 ** 2,
        heapUsedMb: heapUsed / 1024 ** 2,
      }),
    );
  }, 500);
});
