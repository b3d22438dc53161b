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

/**
 * The environment that goes with them. glibc gives each thread that allocates its own malloc arena
 * (up to 8 per core); the host's threads (the store's thread, whose query results the main thread
 * frees, V8's compiler and collector threads, libuv's pool) each grow one, and the memory freed in
 * one arena is not reused by the others. Two arenas: bench/faults.mjs on the embedded store, 64
 * connections on the 24-route mix, peak RSS 351–370 MB → 343–356 MB, at the same throughput.
 * Read by glibc when the process starts, so it must be in the environment `node` starts with (no
 * effect with musl, e.g. Alpine, whose allocator has no arenas). A value already set wins.
 */
export const EMBEDDED_STORE_ENV: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: '2' };
