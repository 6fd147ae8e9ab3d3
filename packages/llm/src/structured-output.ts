import { z } from 'zod';
import type { JsonSchema } from './contracts/json-schema.js';
import type { ChatMessage } from './provider.js';

/**
 * How an OpenAI-compatible endpoint is asked for JSON that follows a contract:
 * - `json_schema`: strict structured output (OpenAI, vLLM, llama.cpp's llama-server, Ollama, LM Studio);
 * - `json_object`: JSON mode, with the schema in `response_format.schema` (llama-cpp-python
 *   constrains decoding with it; servers that ignore it still get it in the prompt);
 * - `prompt`: no `response_format`: the schema is described in the prompt only.
 * Every mode validates the answer with the same zod contract and re-asks on a violation.
 */
export const STRUCTURED_OUTPUT_MODES = ['json_schema', 'json_object', 'prompt'] as const;
export type StructuredOutputMode = (typeof STRUCTURED_OUTPUT_MODES)[number];

/** The setting (GROUNDPLAN_STRUCTURED_OUTPUT): a mode, or `auto` to probe the endpoint once. */
export const StructuredOutputSettingSchema = z.enum(['auto', ...STRUCTURED_OUTPUT_MODES]);
export type StructuredOutputSetting = z.infer<typeof StructuredOutputSettingSchema>;

/** The mode a provider uses and how it was chosen, for the worker's start-up log. */
export type StructuredOutputChoice = {
  mode: StructuredOutputMode;
  setting: StructuredOutputSetting;
  /** For `auto`: each mode tried, in order, and whether the endpoint accepted it. */
  probes: { mode: StructuredOutputMode; accepted: boolean; status?: number }[];
  /** Time spent probing (0 when the setting names the mode). */
  probeMs: number;
};

/** The `response_format` a request carries in a mode; none in `prompt` mode. */
export function responseFormat(
  mode: StructuredOutputMode,
  schemaName: string,
  schema: JsonSchema,
): Record<string, unknown> | undefined {
  switch (mode) {
    case 'json_schema':
      return { type: 'json_schema', json_schema: { name: schemaName, strict: true, schema } };
    case 'json_object':
      return { type: 'json_object', schema };
    case 'prompt':
      return undefined;
  }
}

/**
 * The conversation with the schema stated at the end of its last user message. The end, so the
 * unchanged start of the prompt stays a reusable prefix for servers that cache it.
 */
export function withSchemaInPrompt(messages: readonly ChatMessage[], schema: JsonSchema): ChatMessage[] {
  const last = messages.findLastIndex((message) => message.role === 'user');
  const rule = `Answer with one JSON object and nothing else. It must follow this JSON Schema:\n${JSON.stringify(schema)}`;
  if (last < 0) return [...messages, { role: 'user', content: rule }];
  return messages.map((message, index) =>
    index === last ? { ...message, content: `${message.content}\n\n${rule}` } : message,
  );
}

/**
 * The JSON value in an answer written without decoding constraints: the whole text, else the
 * body of a fenced code block, else the span from the first `{` to the last `}`. Throws the
 * whole text's parse error when none of them parses, for the model to see.
 */
export function jsonInAnswer(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(text)?.[1];
    const start = text.indexOf('{');
    const end = text.lastIndexOf('}');
    const candidates = [fenced, start >= 0 && end > start ? text.slice(start, end + 1) : undefined];
    for (const candidate of candidates) {
      if (candidate === undefined) continue;
      try {
        return JSON.parse(candidate);
      } catch {
        // try the next candidate
      }
    }
    throw error;
  }
}
