/**
 * A bound on how deep visitor JSON may nest, checked on the text before it is parsed: bodies (in
 * the body parsers) and JSON text inside a body (a hit's data, a form's values, a widget's JSON).
 * Parsing, validating or storing JSON nested thousands deep would overflow the stack.
 */

/** No call of the API nests anywhere near this (a rich-text document is the deepest). */
export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENERS = new Set([0x5b, 0x7b]); // [ {
const CLOSERS = new Set([0x5d, 0x7d]); // ] }

/** Whether the JSON text nests arrays and objects deeper than `max` (one pass, strings skipped). */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index += 1;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) inString = true;
    else if (OPENERS.has(code)) {
      depth += 1;
      if (depth > max) return true;
    } else if (CLOSERS.has(code)) depth -= 1;
  }
  return false;
}

/** JSON text from a visitor, parsed; undefined when it is not JSON or nests deeper than the bound. */
export function parseVisitorJson(text: string): unknown {
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export const isJsonObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
