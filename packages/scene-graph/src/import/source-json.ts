import { isLosslessNumber, parse } from 'lossless-json';
import { err, ok, type Result } from '../result.js';

// Source files are parsed with lossless-json: Spark-DSG's 64-bit ids do not survive a trip through
// JavaScript numbers (the apartment's 296 ids become 10), and its errors give the character
// position, which is turned into line and column for the user.

/** Parses JSON keeping every number's text; a syntax error names `file:line:column`. */
export function parseSourceJson(text: string, file: string): Result<unknown, string> {
  if (text.trim() === '') return err(`${file} is empty`);
  try {
    return ok(parse(text));
  } catch (cause) {
    const message = (cause as Error).message;
    const at = /at position (\d+)/.exec(message);
    if (!at) return err(`${file} is not valid JSON: ${message}`);
    const position = Number(at[1]);
    const { line, column } = lineAndColumn(text, position);
    const truncated = position >= text.trimEnd().length ? ' (the file ends early: is it truncated?)' : '';
    return err(
      `${file}:${line}:${column}: not valid JSON: ${message.replace(/ at position \d+/, '')}${truncated}`,
    );
  }
}

function lineAndColumn(text: string, position: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < position && i < text.length; i++)
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  return { line, column: position - lineStart + 1 };
}

/** A number from the source (kept lossless), or undefined. */
export function sourceNumber(value: unknown): number | undefined {
  if (isLosslessNumber(value)) {
    const n = Number(value.value);
    return Number.isFinite(n) ? n : undefined;
  }
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** An id from the source as its exact text: a number's digits as written, or a string. */
export function sourceId(value: unknown): string | undefined {
  if (isLosslessNumber(value)) return value.value;
  if (typeof value === 'string' && value !== '') return value;
  return undefined;
}

/** A 3-vector of finite numbers, or undefined. */
export function sourceVector(value: unknown): [number, number, number] | undefined {
  if (!Array.isArray(value) || value.length !== 3) return undefined;
  const [x, y, z] = value.map(sourceNumber);
  return x === undefined || y === undefined || z === undefined ? undefined : [x, y, z];
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !isLosslessNumber(value);
}
