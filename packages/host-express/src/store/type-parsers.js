// @ts-check
// One value type per SQL type on both engines (see schema.ts): bigint and numeric as numbers
// (counts and medians, far below 2^53) and dates as 'YYYY-MM-DD' strings. node-postgres would
// otherwise give int8 as strings and dates as local-midnight Dates. Plain JavaScript: the embedded
// store's thread (pglite-worker.js) imports it too.
const INT8 = 20;
const NUMERIC = 1700;
const DATE = 1082;

/** @type {Record<number, (value: string) => unknown>} */
export const TYPE_PARSERS = {
  [INT8]: Number,
  [NUMERIC]: Number,
  [DATE]: (value) => value,
};
