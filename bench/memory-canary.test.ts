import { describe, expect, it } from 'vitest';
import { memoryNsPerRead, randomCycle } from './memory-canary.js';

describe('the memory canary', () => {
  it('chases one cycle through every slot, so no read can be skipped or guessed', () => {
    for (const size of [2, 3, 10, 1000]) {
      const next = randomCycle(size);
      const seen = new Set<number>();
      let at = 0;
      for (let step = 0; step < size; step += 1) {
        seen.add(at);
        at = next[at] as number;
      }
      expect(seen.size).toBe(size);
      expect(at).toBe(0);
    }
  });

  it('never points a slot at itself, whatever the random numbers', () => {
    const next = randomCycle(50, () => 0.999_999);
    expect(next.every((to, from) => to !== from)).toBe(true);
    expect(randomCycle(50, () => 0).every((to, from) => to !== from)).toBe(true);
  });

  it('reports a positive, finite time per read', () => {
    const ns = memoryNsPerRead();
    expect(ns).toBeGreaterThan(0);
    expect(Number.isFinite(ns)).toBe(true);
  });
});
