import type { CompiledQuery, Kysely } from 'kysely';
import type { Database } from './schema.js';

/** Stands in for an argument while the query is built; found again in the compiled parameters. */
class Placeholder {
  constructor(readonly name: string) {}
}

/** A query builder, or a `sql` template (which compiles against the Kysely instance it is given). */
interface Buildable<Row> {
  compile(db: Kysely<Database>): CompiledQuery<Row>;
}

interface Template {
  query: CompiledQuery;
  /** For each compiled parameter: the argument it takes, or null for a constant of the query. */
  slots: (string | null)[];
}

/**
 * A read query built and compiled once per Kysely instance, then run with new arguments. Building
 * and compiling a Kysely query (immutable operation nodes, the SQL visitor) cost 20–75 µs of the
 * host's CPU per request on the hot routes, more than the round trip to a local PostgreSQL; the SQL
 * text is the same on every call, so the work is done once. The SQL is also identical between calls,
 * which lets the store's connections keep it as a named prepared statement (open-store.ts).
 *
 * `build` receives stand-ins for the arguments: it must only pass them to Kysely as values (as
 * `where` operands or `${}` in `sql`), never inspect them, and never expand one into several
 * parameters (write `= any(${array})`, not `in`). A stand-in that does not reach the compiled
 * parameters, or that Kysely transformed, is an error at the first call.
 *
 * Kysely has no prepared-query API of its own; `kysely-params` does this but is unmaintained and
 * pinned to an older Kysely, so this is the 40 lines it takes.
 */
export function precompiled<A extends object, Row>(
  names: readonly (keyof A & string)[],
  build: (db: Kysely<Database>, args: A) => Buildable<Row>,
): (db: Kysely<Database>, args: A) => Promise<Row[]> {
  const run = runner(names, build, (query) => query);
  return async (db, args) => (await run(db, args)).rows as Row[];
}

/** A row as JSON carries it: timestamps are ISO strings (other column types keep their JSON form). */
export type JsonRow<Row> = {
  [K in keyof Row]: Row[K] extends Date ? string : Row[K] extends Date | null ? string | null : Row[K];
};

/**
 * `precompiled`, with the rows sent by PostgreSQL as ONE JSON text (`json_agg` over the query) and
 * parsed natively: node-postgres parses each row and field in JavaScript (array and timestamp
 * parsers included), which cost more than the whole JSON parse on the list routes. `orderBy` orders
 * the aggregate by columns of the query's output (its own ORDER BY is not kept through an
 * aggregate); without it the caller sorts.
 */
export function precompiledJsonRows<A extends object, Row>(
  names: readonly (keyof A & string)[],
  build: (db: Kysely<Database>, args: A) => Buildable<Row>,
  options: { orderBy?: string } = {},
): (db: Kysely<Database>, args: A) => Promise<JsonRow<Row>[]> {
  const order = options.orderBy ? ` order by ${options.orderBy}` : '';
  const run = runner(names, build, (query) => ({
    ...query,
    sql: `select coalesce(json_agg(q${order}), '[]')::text as rows from (${query.sql}) as q`,
  }));
  return async (db, args) => {
    const [row] = (await run(db, args)).rows as { rows: string }[];
    return JSON.parse(row?.rows ?? '[]') as JsonRow<Row>[];
  };
}

function runner<A extends object, Row>(
  names: readonly (keyof A & string)[],
  build: (db: Kysely<Database>, args: A) => Buildable<Row>,
  wrap: (query: CompiledQuery<Row>) => CompiledQuery<Row>,
): (db: Kysely<Database>, args: A) => Promise<{ rows: unknown[] }> {
  const templates = new WeakMap<Kysely<Database>, Template>();

  function compile(db: Kysely<Database>): Template {
    const stand = Object.fromEntries(names.map((name) => [name, new Placeholder(name)])) as unknown as A;
    const query = wrap(build(db, stand).compile(db));
    const slots = query.parameters.map((value) => (value instanceof Placeholder ? value.name : null));
    for (const name of names) {
      if (!slots.includes(name)) {
        throw new Error(`precompiled(): the argument "${name}" is not a parameter of the compiled query`);
      }
    }
    return { query, slots };
  }

  return async (db, args) => {
    let template = templates.get(db);
    if (!template) {
      template = compile(db);
      templates.set(db, template);
    }
    const { query, slots } = template;
    const values = args as Record<string, unknown>;
    const parameters = slots.map((slot, i) => (slot === null ? query.parameters[i] : values[slot]));
    return db.executeQuery({ ...query, parameters } as CompiledQuery<unknown>);
  };
}
