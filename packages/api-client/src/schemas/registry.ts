import { en } from 'zod/locales';
import * as z from 'zod/mini';

// zod/mini loads no locale, so its issues would all read "Invalid input". Classic zod registers
// English on first use unless an application chose a locale; do the same, so issue messages
// (problem+json `errors`, malformed-response details) stay "Invalid input: expected string, …".
if (!z.config().localeError) z.config(en());

/**
 * The contract's named schemas. A package-local registry (not zod's global one) so the OpenAPI
 * document lists exactly these as components, whatever else an application registers globally.
 */
export const contractRegistry = z.registry<{ id: string }>();

/** Registers a schema as an OpenAPI component named `id` and returns it unchanged. */
export function named<T extends z.core.$ZodType>(id: string, schema: T): T {
  contractRegistry.add(schema, { id });
  return schema;
}

/**
 * Classic zod's `.describe(description)` for zod/mini: a copy of `schema` whose description is in
 * the global registry, where `z.toJSONSchema` reads it. Not `.check(z.describe(…))`: that adds a
 * (no-op) check, and object schemas with checks refuse `z.partial`, `z.pick`, `z.omit` and
 * overlapping `z.extend`, which the classic schemas allowed.
 */
export function described<T extends z.core.$ZodType>(schema: T, description: string): T {
  const copy = z.clone(schema);
  z.globalRegistry.add(copy, { description });
  return copy;
}
