/**
 * How long the machine takes to read memory right now: the bench's canary for the host itself.
 *
 * On a shared virtual machine the time a dependent read from memory takes can double for a
 * minute or more while the CPU time of plain arithmetic stays put, with no steal reported
 * (measured on the twenty-ninth machine: a chase like this one went from 38 to 77 ms and the same
 * 20,000 SQLite row reads from 228 to 316 ms of CPU, and back). A read from the database is a
 * chain of such reads, so such a spell moves every database-path figure. Measured before and
 * after each run, it shows whether the two sides of a ratio were measured on the same machine.
 */

/** 32 Mi entries of 4 bytes: 128 MB, far beyond any processor cache measured here. */
const ENTRIES = 32 * 1024 * 1024;
/** Reads per measurement: about 25 ms on the machine that measured it, against 10 s runs. */
const READS = 100_000;

/**
 * A random single cycle over `size` slots (Sattolo's algorithm): following `next[i]` from any
 * slot visits every slot before coming back, so each read depends on the one before it and lands
 * where no prefetcher can guess.
 */
export function randomCycle(size: number, random: () => number = Math.random): Int32Array {
  const next = new Int32Array(size);
  for (let i = 0; i < size; i += 1) next[i] = i;
  for (let i = size - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * i);
    const swap = next[i] as number;
    next[i] = next[j] as number;
    next[j] = swap;
  }
  return next;
}

let cycle: Int32Array | undefined;
let position = 0;

/**
 * Nanoseconds of this process's CPU time per dependent read from memory, over `READS` reads.
 * CPU time, not wall time, so the load generator's own waits for a processor do not count.
 */
export function memoryNsPerRead(): number {
  cycle ??= randomCycle(ENTRIES);
  const started = process.cpuUsage();
  let at = position;
  for (let i = 0; i < READS; i += 1) at = cycle[at] as number;
  const used = process.cpuUsage(started);
  position = at;
  return ((used.user + used.system) * 1000) / READS;
}
