/**
 * Seeded randomness for the synthetic community, so the same arguments always build the same
 * database and benchmark runs compare like with like.
 */
export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [0, n). */
  below(n: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
}

/** mulberry32: tiny, fast and good enough for synthetic data. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const below = (n: number) => Math.floor(next() * n);
  return {
    next,
    below,
    chance: (p) => next() < p,
    pick: (items) => items[below(items.length)] as (typeof items)[number],
  };
}

/**
 * A rank in [0, n) where low ranks are popular: with probability `skewed` a Zipf-like rank
 * (P(rank < x) ≈ ln(x + 1) / ln(n + 1), the continuous form of Zipf with exponent 1), otherwise
 * uniform. A few ranks get a large share, and every rank still gets some.
 */
export function popularRank(random: Random, n: number, skewed: number): number {
  if (!random.chance(skewed)) return random.below(n);
  const rank = Math.floor(Math.exp(random.next() * Math.log(n + 1))) - 1;
  return Math.min(rank, n - 1);
}

/** A heavy-tailed count with about the given mean (Pareto, α = 1.5), capped. */
export function heavyTailCount(random: Random, mean: number, cap: number): number {
  const alpha = 1.5;
  const scale = (mean * (alpha - 1)) / alpha;
  // Rounded at random, so small means are kept rather than floored to zero.
  const value = Math.floor(scale / Math.pow(1 - random.next(), 1 / alpha) + random.next());
  return Math.min(value, cap);
}

/** A random permutation of 0..n-1 (Fisher–Yates). */
export function permutation(random: Random, n: number): Int32Array {
  const order = new Int32Array(n);
  for (let i = 0; i < n; i += 1) order[i] = i;
  for (let i = n - 1; i > 0; i -= 1) {
    const j = random.below(i + 1);
    const swap = order[i] as number;
    order[i] = order[j] as number;
    order[j] = swap;
  }
  return order;
}
