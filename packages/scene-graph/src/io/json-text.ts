import jsonc from 'jsonc-parser';
import { err, ok, type Result } from '../result.js';

/**
 * Parses the text of a JSON file, or says in one line where and why it breaks: `line 3, column 17
 * (character 41): the text ends early; the file may be truncated`. A leading byte-order mark is
 * allowed (editors on Windows write one). JSON.parse parses; only a failure asks jsonc-parser's
 * scanner for the position, which V8's messages often leave out ("Unexpected token 'x', ...").
 */
export function parseJsonText(text: string): Result<unknown, string> {
  const bom = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const body = bom ? text.slice(1) : text;
  try {
    return ok(JSON.parse(body));
  } catch (cause) {
    return err(visible(whereItBreaks(body, bom, (cause as Error).message)));
  }
}

function whereItBreaks(text: string, bom: number, fallback: string): string {
  const errors: jsonc.ParseError[] = [];
  jsonc.parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const first = errors[0];
  // The scanner is laxer than JSON.parse in a few corners (e.g. control characters in strings);
  // there V8's own message, with the characters it quotes made visible, has to do.
  if (!first) return `not valid JSON: ${fallback}`;
  const end = text.trimEnd().length;
  const atEnd =
    first.offset >= end ||
    (jsonc.printParseErrorCode(first.error) === 'UnexpectedEndOfString' &&
      first.offset + first.length >= end);
  const what = atEnd
    ? 'the text ends early; the file may be truncated'
    : `${describe(first.error)} (found ${JSON.stringify(text.slice(first.offset, first.offset + Math.max(1, Math.min(first.length, 20))))})`;
  return `not valid JSON at ${lineAndColumn(text, first.offset)} (character ${first.offset + bom}): ${what}`;
}

function lineAndColumn(text: string, offset: number): string {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return `line ${line}, column ${offset - lineStart + 1}`;
}

function describe(code: jsonc.ParseErrorCode): string {
  return jsonc
    .printParseErrorCode(code)
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
}

// An invisible character (a byte-order mark mid-file, a control character) is shown as \uXXXX.
function visible(message: string): string {
  return message.replace(
    /[\p{Cc}\p{Cf}\u2028\u2029]/gu,
    (c) => `\\u${c.codePointAt(0)!.toString(16).padStart(4, '0')}`,
  );
}
