import { z } from 'zod';

/** A JSON Schema object as sent to a model for structured output. */
export type JsonSchema = Record<string, unknown>;

/**
 * The JSON Schema a model receives for a contract: the same zod object, minus the `$schema`
 * marker that strict structured-output endpoints reject, and minus `items: false` after a tuple's
 * `prefixItems` (llama.cpp's server refuses a boolean schema there; minItems = maxItems already
 * fix the tuple's length).
 */
export function toModelJsonSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _marker, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12' }) as JsonSchema;
  return withoutClosedTupleItems(rest) as JsonSchema;
}

function withoutClosedTupleItems(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutClosedTupleItems);
  if (node === null || typeof node !== 'object') return node;
  const entries = Object.entries(node as Record<string, unknown>);
  const closedTuple =
    'prefixItems' in node && (node as { items?: unknown }).items === false && 'maxItems' in node;
  return Object.fromEntries(
    entries
      .filter(([key]) => !(closedTuple && key === 'items'))
      .map(([key, value]) => [key, withoutClosedTupleItems(value)]),
  );
}
