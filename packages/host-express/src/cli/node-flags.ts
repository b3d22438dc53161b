/**
 * Node flags for the standalone host on the embedded store (`npm start` without DATABASE_URL, and
 * how we recommend running `client-portal-host start` there). Under load V8 lets garbage pile up in
 * an old generation sized for the machine, on top of PGlite's ~140 MB of WASM memory. Capped at
 * 192 MB (the host's live heap is ~40 MB idle, ~80 MB under load; a first start with initdb, migrations
 * and the demo seed fits in 160 MB) it collects sooner: bench/host.mjs on the embedded store, peak
 * RSS under load 396 → 296 MB. Not used with PostgreSQL, where memory is not the constraint and the
 * extra collections cost throughput. (4 MB semi-spaces saved more memory, 264 MB, but cost a third
 * of the throughput of the one-query routes.)
 * Flags must be given to `node` itself (or NODE_OPTIONS): V8 fixes them when the process starts.
 */
export const EMBEDDED_STORE_NODE_FLAGS: readonly string[] = ['--max-old-space-size=192'];
