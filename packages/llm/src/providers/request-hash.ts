import { createHash } from 'node:crypto';
import type { CompletionRequest } from '../provider.js';

/**
 * The key a cassette stores an answer under: a sha256 of the request's meaning (messages and
 * schema) in canonical JSON with sorted keys. Volatile or provider-specific settings (model,
 * timeouts, seed, ids) are left out so a cassette recorded on one endpoint replays anywhere.
 */
export function requestHash(request: CompletionRequest): string {
  const meaning = { messages: request.messages, schemaName: request.schemaName, schema: request.schema };
  return `sha256:${createHash('sha256').update(canonicalJson(meaning)).digest('hex')}`;
}

/** JSON with object keys sorted at every depth, so equal values always serialize alike. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
    );
  return value;
}
