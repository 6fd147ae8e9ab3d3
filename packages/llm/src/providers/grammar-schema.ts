// node-llama-cpp (3.x) builds its grammar from a subset of JSON Schema that has `oneOf` but not
// `anyOf`: a schema with `anyOf` left it unconstrained, and Qwen2.5-Coder-0.5B answered a goal
// contract of three fact shapes with `{"goals": [null, null, ...]}`. zod writes a plain union as
// `anyOf`. For a grammar the two mean the same (it allows what any branch allows), so the local
// provider hands it `oneOf`.

/** The schema with every `anyOf` written as `oneOf`, for node-llama-cpp's grammar. */
export function grammarSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(grammarSchema);
  if (schema === null || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [key === 'anyOf' ? 'oneOf' : key, grammarSchema(value)]),
  );
}
