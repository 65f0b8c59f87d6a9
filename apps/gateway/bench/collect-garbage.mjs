// Preloaded into the gateway process that the benchmark's idle-memory figure reads (with
// --expose-gc): SIGUSR2 makes it collect its garbage, so both readings of its memory see live
// objects only, not whatever V8 had not yet collected or given back.
process.on('SIGUSR2', () => {
  if (typeof globalThis.gc === 'function') globalThis.gc();
});
