import { z } from 'zod';

/** A JSON Schema object as sent to a model for structured output. */
export type JsonSchema = Record<string, unknown>;

/**
 * The JSON Schema a model receives for a contract: the same zod object, minus the `$schema`
 * marker that strict structured-output endpoints reject.
 */
export function toModelJsonSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _marker, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12' }) as JsonSchema;
  return rest;
}
