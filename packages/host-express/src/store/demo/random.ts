// A seeded random source for the demo data: the same seed gives the same store on every machine.
// (The api-client's mocks have one too, but that entry loads msw, which the host does not ship.)

export interface DemoRandom {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
  /** Log-normal around `median`: durations with a long tail. */
  logNormal(median: number, spread: number): number;
  /** Poisson count with the given mean: events per day. */
  poisson(mean: number): number;
}

export function demoRandom(seed: string): DemoRandom {
  // FNV-1a of the seed, then mulberry32.
  let state = 0x811c9dc5;
  for (const char of seed) state = Math.imul(state ^ char.charCodeAt(0), 0x01000193) >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const random: DemoRandom = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
    chance: (probability) => next() < probability,
    logNormal: (median, spread) => {
      const gaussian = Math.sqrt(-2 * Math.log(Math.max(next(), 1e-12))) * Math.cos(2 * Math.PI * next());
      return median * Math.exp(spread * gaussian);
    },
    poisson: (mean) => {
      const limit = Math.exp(-mean);
      let count = -1;
      for (let p = 1; p > limit; p *= next()) count++;
      return count;
    },
  };
  return random;
}
