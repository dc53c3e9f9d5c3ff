import type { Random } from './random';

/** Chooses each person of `pool` with probability p, by geometric skips (cost ~ members, not pool). */
export function sample(pool: Uint32Array, p: number, random: Random, out: number[]): void {
  if (p <= 0) return;
  if (p >= 1) {
    for (const id of pool) out.push(id);
    return;
  }
  const logQ = Math.log1p(-p);
  for (let i = Math.floor(Math.log(random.nextOpen()) / logQ); i < pool.length; i += 1 + Math.floor(Math.log(random.nextOpen()) / logQ)) {
    out.push(pool[i]!);
  }
}

/**
 * The chance of membership for the people of each value: proportional to the lifts, scaled so
 * the segment keeps its aimed density; a value whose chance would pass 1 is capped and the
 * rest is spread over the others.
 */
export function valueProbabilities(density: number, lifts: readonly number[], shares: readonly number[]): number[] {
  const p = lifts.map(() => 0);
  const capped = new Set<number>();
  for (let round = 0; round < lifts.length; round++) {
    const left = density - [...capped].reduce((s, v) => s + (shares[v] ?? 0), 0);
    const weight = lifts.reduce((s, l, v) => (capped.has(v) ? s : s + (shares[v] ?? 0) * l), 0);
    if (weight <= 0 || left <= 0) break;
    let changed = false;
    lifts.forEach((l, v) => {
      if (capped.has(v)) return;
      p[v] = (left * l) / weight;
      if (p[v]! >= 1) {
        p[v] = 1;
        capped.add(v);
        changed = true;
      }
    });
    if (!changed) break;
  }
  return p;
}
