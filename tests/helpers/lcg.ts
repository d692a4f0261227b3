/**
 * A small deterministic generator for property tests: `pick(n)` gives 0 … n − 1, the same sequence for the same seed,
 * so a failing case is the same data on the next run.
 */
export function lcg(seed: number): (n: number) => number {
  let state = seed >>> 0;
  return (n: number) => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state % n;
  };
}
