/**
 * How deeply a JSON body may nest objects and arrays. Our deepest DTO nests four levels; a body
 * nested thousands deep overflowed the stack in validation and cost 75–250 ms of CPU each.
 */
export const MAX_JSON_DEPTH = 16;

const OPEN_OBJECT = 0x7b; // {
const OPEN_ARRAY = 0x5b; // [
const CLOSE_OBJECT = 0x7d; // }
const CLOSE_ARRAY = 0x5d; // ]
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Whether raw JSON bytes nest deeper than `max`, found in one pass over the bytes before they
 * are parsed (brackets inside strings do not count).
 */
export function nestsDeeperThan(raw: Buffer, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < raw.length; i++) {
    const byte = raw[i];
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) inString = true;
    else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) {
      if (++depth > max) return true;
    } else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) depth--;
  }
  return false;
}
