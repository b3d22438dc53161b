import { z } from 'zod';

/**
 * The contract's named schemas. A package-local registry (not zod's global one) so the OpenAPI
 * document lists exactly these as components, whatever else an application registers globally.
 */
export const contractRegistry = z.registry<{ id: string }>();

/** Registers a schema as an OpenAPI component named `id` and returns it unchanged. */
export function named<T extends z.ZodType>(id: string, schema: T): T {
  contractRegistry.add(schema, { id });
  return schema;
}
