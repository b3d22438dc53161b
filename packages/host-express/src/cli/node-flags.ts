/**
 * Node flags for running the standalone host (`npm start`, and how we recommend running
 * `client-portal-host start`). Under load V8 lets garbage pile up: the young generation grows to
 * 3 × 16 MB semi-spaces and the old generation to what the machine allows. With 4 MB semi-spaces
 * and a 192 MB old generation (the host's live heap is ~40 MB idle, ~80 MB under load; seeding the
 * demo data on first start fits in 160 MB) it collects sooner. bench/host.mjs on the embedded
 * store: peak RSS under load 396 → 264 MB, throughput within the run-to-run noise.
 * Flags must be given to `node` itself (or NODE_OPTIONS): V8 fixes them when the process starts.
 */
export const STANDALONE_NODE_FLAGS: readonly string[] = [
  '--max-semi-space-size=4',
  '--max-old-space-size=192',
];
